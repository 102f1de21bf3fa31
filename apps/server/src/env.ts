import path from 'node:path';

/** Runtime settings, all from the environment, with embedded defaults that need nothing installed. */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... to use PostgreSQL; unset for the SQLite file under the data folder */
  databaseUrl: string | undefined;
  maxUploadBytes: number;
  /** the largest file a resumable (tus) upload may carry: files over 100 MB go that way */
  maxResumableUploadBytes: number;
  /** a resumable upload not finished this long after it began is removed, with its bytes */
  resumableUploadExpiryHours: number;
  sessionIdleMinutes: number;
  secureCookies: boolean;
  /** behind a reverse proxy: the client's address and scheme come from X-Forwarded-For and X-Forwarded-Proto */
  trustProxy: boolean;
  /** seed the demo project and users when the database is empty */
  seedDemo: boolean;
  /** elements in the demo models: small and medium */
  demoModelSizes: [number, number];
  webDistDir: string;
  logLevel: string;
  /** an IFC conversion running longer than this fails (its worker is terminated) */
  conversionTimeoutMinutes: number;
  /** the JavaScript heap a conversion may use, in MB; 0: half the machine's memory (2 to 16 GB) */
  conversionMemoryMb: number;
  /** the largest model a '.ifczip' upload may unzip to */
  maxUnzippedBytes: number;
  /** the address users open Penstock at, for links in e-mails (no trailing slash) */
  publicUrl: string;
  /** the mail server for e-mail notifications; undefined (no PENSTOCK_SMTP_HOST): no e-mail is sent */
  smtp: SmtpSettings | undefined;
  /** a stored file no row names is removed once it is this old (storage/blobCollector.ts) */
  blobGraceMinutes: number;
  /** stored files in an S3-compatible object store; undefined (no PENSTOCK_S3_BUCKET): the data folder's blobs/ */
  s3: S3Settings | undefined;
  /** on PostgreSQL (pg-boss): a job whose server is silent this long is taken by another server (>= 10) */
  jobHeartbeatSeconds: number;
  /** single sign-on with OpenID Connect; undefined (no PENSTOCK_OIDC_ISSUER): Penstock's own accounts only */
  oidc: OidcSettings | undefined;
  /** whether Penstock's own email + password sign-in is offered (PENSTOCK_LOCAL_SIGNIN=0 turns it off) */
  localSignIn: boolean;
}

/** Single sign-on (modules/auth/oidc.*): Penstock is the relying party of one OpenID provider. */
export interface OidcSettings {
  /** the provider's issuer identifier; its /.well-known/openid-configuration is read on first use */
  issuer: string;
  clientId: string;
  /** unset: a public client (PKCE only) */
  clientSecret: string | undefined;
  /** where the provider sends the browser back: `${publicUrl}/auth/oidc/callback` unless set */
  redirectUrl: string;
  /** space-separated; always includes openid */
  scopes: string;
  /** what the sign-in button and pages call the provider ('Contoso Entra ID') */
  name: string;
  /** the claim whose values map to global roles ('groups', or a dotted path such as 'realm_access.roles') */
  roleClaim: string | undefined;
  /** claim value -> global role, in the order given; the roles named here are the ones the mapping governs */
  roleMap: Array<{ value: string; role: string }>;
  /** whether an unknown verified email may create an account (no global roles, no project) */
  createAccounts: boolean;
}

/** An S3-compatible object store for the stored files (storage/s3BlobStore.ts). */
export interface S3Settings {
  /** e.g. https://minio.example.com:9000; undefined: AWS S3 of the region */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** both unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID..., an instance or pod role) */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** the bucket in the path (https://host/bucket/key) rather than the host name: MinIO, Ceph, s3rver */
  forcePathStyle: boolean;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it */
  secure: boolean;
  /** both set: sign in to the server; otherwise send without signing in */
  user: string | undefined;
  password: string | undefined;
  /** the sender, e.g. 'Penstock <penstock@example.com>' */
  from: string;
}

const intFrom = (value: string | undefined, fallback: number): number => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

function s3From(source: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!source.PENSTOCK_S3_BUCKET) return undefined;
  const endpoint = source.PENSTOCK_S3_ENDPOINT || undefined;
  const pathStyle = source.PENSTOCK_S3_FORCE_PATH_STYLE;
  return {
    endpoint,
    region: source.PENSTOCK_S3_REGION || 'us-east-1',
    bucket: source.PENSTOCK_S3_BUCKET,
    accessKeyId: source.PENSTOCK_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: source.PENSTOCK_S3_SECRET_ACCESS_KEY || undefined,
    // path style where an endpoint is given (self-hosted stores), unless told otherwise
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : endpoint !== undefined,
  };
}

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const port = intFrom(source.PORT, 3000);
  const sizes = (source.PENSTOCK_DEMO_MODEL_SIZES ?? '400,4000').split(',').map((n) => intFrom(n, 0));
  return {
    port,
    // this machine only unless asked: HOST=0.0.0.0 serves a network (the demo then gets a random password)
    host: source.HOST ?? '127.0.0.1',
    dataDir: path.resolve(source.PENSTOCK_DATA_DIR ?? './data'),
    databaseUrl: source.DATABASE_URL || undefined,
    maxUploadBytes: intFrom(source.PENSTOCK_MAX_UPLOAD_MB, 500) * 1024 * 1024,
    maxResumableUploadBytes: (intFrom(source.PENSTOCK_MAX_RESUMABLE_UPLOAD_MB, 4096) || 4096) * 1024 * 1024,
    resumableUploadExpiryHours: intFrom(source.PENSTOCK_RESUMABLE_UPLOAD_EXPIRY_HOURS, 72) || 72,
    sessionIdleMinutes: intFrom(source.PENSTOCK_SESSION_IDLE_MINUTES, 8 * 60),
    secureCookies: source.PENSTOCK_SECURE_COOKIES === '1',
    trustProxy: source.PENSTOCK_TRUST_PROXY === '1',
    seedDemo: source.PENSTOCK_SEED_DEMO !== '0',
    demoModelSizes: [sizes[0] || 400, sizes[1] || 4000],
    webDistDir: path.resolve(source.PENSTOCK_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: source.LOG_LEVEL ?? 'info',
    conversionTimeoutMinutes: intFrom(source.PENSTOCK_CONVERSION_TIMEOUT_MINUTES, 30) || 30,
    conversionMemoryMb: intFrom(source.PENSTOCK_CONVERSION_MEMORY_MB, 0),
    maxUnzippedBytes: (intFrom(source.PENSTOCK_MAX_UNZIPPED_MB, 2048) || 2048) * 1024 * 1024,
    publicUrl: (source.PENSTOCK_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtp: source.PENSTOCK_SMTP_HOST
      ? {
          host: source.PENSTOCK_SMTP_HOST,
          port: intFrom(source.PENSTOCK_SMTP_PORT, 587) || 587,
          secure: source.PENSTOCK_SMTP_SECURE === '1' || source.PENSTOCK_SMTP_SECURE === 'true',
          user: source.PENSTOCK_SMTP_USER || undefined,
          password: source.PENSTOCK_SMTP_PASSWORD || undefined,
          from: source.PENSTOCK_SMTP_FROM || 'Penstock <penstock@localhost>',
        }
      : undefined,
    blobGraceMinutes: intFrom(source.PENSTOCK_BLOB_GRACE_MINUTES, 60),
    s3: s3From(source),
    jobHeartbeatSeconds: Math.max(10, intFrom(source.PENSTOCK_JOB_HEARTBEAT_SECONDS, 30)),
    oidc: oidcFrom(source, port),
    localSignIn: source.PENSTOCK_LOCAL_SIGNIN !== '0' && source.PENSTOCK_LOCAL_SIGNIN !== 'false',
  };
}

/** 'penstock-admins:administrator,dsear-sdm:senior_design_manager' (a value may itself hold ':'). */
function roleMapFrom(text: string | undefined): OidcSettings['roleMap'] {
  return (text ?? '')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.lastIndexOf(':');
      return { value: pair.slice(0, Math.max(0, at)).trim(), role: pair.slice(at + 1).trim() };
    });
}

function oidcFrom(source: NodeJS.ProcessEnv, port: number): OidcSettings | undefined {
  if (!source.PENSTOCK_OIDC_ISSUER) return undefined;
  const publicUrl = (source.PENSTOCK_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const scopes = (source.PENSTOCK_OIDC_SCOPES || 'openid email profile').split(/[\s,]+/).filter(Boolean);
  return {
    issuer: source.PENSTOCK_OIDC_ISSUER,
    clientId: source.PENSTOCK_OIDC_CLIENT_ID ?? '',
    clientSecret: source.PENSTOCK_OIDC_CLIENT_SECRET || undefined,
    redirectUrl: source.PENSTOCK_OIDC_REDIRECT_URL || `${publicUrl}/auth/oidc/callback`,
    scopes: [...new Set(['openid', ...scopes])].join(' '),
    name: source.PENSTOCK_OIDC_NAME || 'single sign-on',
    roleClaim: source.PENSTOCK_OIDC_ROLE_CLAIM || undefined,
    roleMap: roleMapFrom(source.PENSTOCK_OIDC_ROLE_MAP),
    createAccounts:
      source.PENSTOCK_OIDC_CREATE_ACCOUNTS !== '0' && source.PENSTOCK_OIDC_CREATE_ACCOUNTS !== 'false',
  };
}
