import {
  DEFAULT_SUPPLIER_ZONE_SETTINGS,
  SupplierZoneSettingsSchema,
  type CurrentUser,
  type SupplierZoneSettings,
} from '@penstock/shared';
import { EVERYWHERE, type AccessService, type AfterAccess } from '../../security/access.ts';
import type { SupplierRepo } from './supplier.repo.ts';

export { SETTINGS_ADMIN_ONLY } from '@penstock/shared';

/** The Supplier Zone's cards and contact address: read by everyone, changed by administrators. */
export class SupplierSettingsService {
  constructor(
    private readonly repo: SupplierRepo,
    private readonly access: AccessService,
  ) {}

  /** The saved settings; the defaults until an administrator (or the demo) saves some. */
  async read(): Promise<SupplierZoneSettings> {
    const json = await this.repo.settingsJson();
    if (!json) return DEFAULT_SUPPLIER_ZONE_SETTINGS;
    const parsed = SupplierZoneSettingsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_SUPPLIER_ZONE_SETTINGS;
  }

  async save(
    user: CurrentUser,
    settingsOf: AfterAccess<SupplierZoneSettings>,
  ): Promise<SupplierZoneSettings> {
    await this.access.requireAccess(user, EVERYWHERE, 'manageSupplierZone');
    return this.write(settingsOf(), user.id);
  }

  /** The demo seed's settings, written by no user. */
  initialise(settings: SupplierZoneSettings): Promise<SupplierZoneSettings> {
    return this.write(settings, null);
  }

  private async write(settings: SupplierZoneSettings, userId: string | null) {
    const valid = SupplierZoneSettingsSchema.parse(settings);
    await this.repo.saveSettings(JSON.stringify(valid), userId, new Date().toISOString());
    return valid;
  }
}
