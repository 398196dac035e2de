import { promises as fs } from 'node:fs';
import { parseArgs } from 'node:util';
import { REPORT_TYPES } from '../../core/domain/securityReports/index.ts';

/**
 * `npm run security:upload -- --project PATH --token TOKEN [--url URL] [--type TYPE] REPORT.json`:
 * sends a scanner's report (a `gl-*-report.json`) to a running server, as a pipeline's security job
 * would, and prints what it changed. The server does the work (POST /projects/:id/security_reports),
 * so the same rules apply as to any upload: a Developer's token, GitLab's report format.
 */
const USAGE = `Usage: npm run security:upload -- --project GROUP/PROJECT --token TOKEN [--url URL] [--type TYPE] REPORT.json

Uploads a GitLab security report to a project's vulnerability report.
  --project PATH  the project's full path, e.g. acme/platform/backend/api
  --token TOKEN   a personal access token with the api scope (Developer or above in the project);
                  also read from PLANTRACK_TOKEN
  --url URL       the server (default http://127.0.0.1:3000, or PLANTRACK_URL)
  --type TYPE     the report type when the report does not say it (old reports):
                  ${REPORT_TYPES.join(', ')}`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      token: { type: 'string' },
      url: { type: 'string' },
      type: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const token = values.token ?? process.env.PLANTRACK_TOKEN;
  const file = positionals[0];
  if (values.help || !values.project || !token || !file || positionals.length > 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const base = (values.url ?? process.env.PLANTRACK_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const query = values.type ? `?report_type=${encodeURIComponent(values.type)}` : '';
  const response = await fetch(
    `${base}/api/v4/projects/${encodeURIComponent(values.project)}/security_reports${query}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': token },
      body: await fs.readFile(file),
    },
  );
  const text = await response.text();
  if (!response.ok) {
    console.error(`The server refused the report (${response.status}): ${text}`);
    return 1;
  }
  const summary = JSON.parse(text) as Record<string, unknown>;
  console.log(
    `${summary.report_type} report: ${summary.findings} findings, ${summary.created} new, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.no_longer_detected} no longer detected, ${summary.redetected} detected again` +
      `${Array.isArray(summary.skipped) && summary.skipped.length ? `, ${summary.skipped.length} skipped` : ''}.`,
  );
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
