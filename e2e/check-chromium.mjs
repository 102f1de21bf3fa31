// The end-to-end tests drive Debian's Chromium; say how to get it rather than fail obscurely.
import fs from 'node:fs';

const executable = process.env.PENSTOCK_CHROMIUM ?? '/usr/bin/chromium';
if (!fs.existsSync(executable)) {
  console.error(`
  The end-to-end tests need Chromium at ${executable}, and it is missing.
  Install Debian's package (as root):   apt-get update && apt-get install -y chromium
  or point PENSTOCK_CHROMIUM at another Chromium binary.
`);
  process.exit(1);
}
