/**
 * Prints the security headers of a deployment as nginx `add_header` lines, computed by
 * the same module the production server uses (sandbox/core/securityHeaders.ts), so an
 * nginx site sends exactly what `npm start` sends (docs/deploy.md).
 *
 *   npx tsx scripts/security-headers.ts [path/to/config.json]   (default: public/config.json)
 *
 * Entries of `security` that are not valid sources are reported on stderr and left out.
 */
import { readFileSync } from 'node:fs';
import { nginxHeaderLines, parseSecuritySettings } from '../sandbox/core/securityHeaders';

const path = process.argv[2] ?? 'public/config.json';
let config: unknown;
try {
  config = JSON.parse(readFileSync(path, 'utf8'));
} catch (e) {
  console.error(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
const { rejected } = parseSecuritySettings(config);
for (const entry of rejected) console.error(`${path}: security entry left out (not a valid source): ${entry}`);
console.log(nginxHeaderLines(config).join('\n'));
