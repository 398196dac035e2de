import { assertNever } from '../../lib/assert.ts';
import { imageWithoutTag } from './containerImage.ts';
import type { ReportType } from './reportTypes.ts';
import type { FindingLocation } from './types.ts';

/*
 * How GitLab builds a finding's location fingerprint: SHA1 of `fingerprint_data` of the report
 * type's Gitlab::Ci::Reports::Security::Locations class (Locations::Base#fingerprint). A missing
 * value interpolates as the empty string, as `nil` does in Ruby, so a SAST finding with no
 * `end_line` is `app.js:18:`.
 *
 * Confirmed from GitLab's source (gitlabhq/gitlabhq lib/gitlab/ci/reports/security/locations/
 * {sast,secret_detection}.rb; the EE classes in ee/lib/gitlab/ci/reports/security/locations/, read
 * in the nickbrandt/GitLab, mehulagg/gitlab and diffblue/gitlab mirrors of gitlab-org/gitlab):
 * - sast, secret_detection: `file:start_line:end_line`. Secret detection uses both lines, the same
 *   as SAST (not `start_line` alone), in every version found.
 * - dependency_scanning: `file:package name` (the version is not part of it).
 * - container_scanning, cluster_image_scanning (a subclass): `image without tag:package name`;
 *   the tag rule and where ours differs are in containerImage.ts. Not modelled: on a non-default
 *   branch GitLab may substitute the default branch's image name, which needs pipeline context.
 * - dast: `path:method:param`. The hostname is NOT part of it, in any version found, so the same
 *   path on two hosts is one place. One older version normalised the path (dropped the query,
 *   fragment and a trailing slash); later versions use the path as given, as here.
 * - api_fuzzing: parsed by GitLab's DAST parser (ee/lib/ee/gitlab/ci/parsers.rb), so the DAST key.
 * - coverage_fuzzing: `crash_type:crash_state`.
 * Not confirmed: `generic` has no GitLab location class; it is keyed like SAST here. Values are
 * trimmed, stripped of NUL and length-capped (jsonFields.ts) before keying, and a line number that
 * is not an integer reads as missing; GitLab would interpolate such values as they are.
 */

/** The text GitLab hashes (SHA1) into the location fingerprint of a finding of this type. */
export function locationKey(reportType: ReportType, location: FindingLocation): string {
  const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value));
  switch (reportType) {
    case 'sast':
    case 'secret_detection':
    case 'generic':
      return `${text(location.file)}:${text(location.startLine)}:${text(location.endLine)}`;
    case 'dependency_scanning':
      return `${text(location.file)}:${text(location.dependency?.packageName)}`;
    case 'container_scanning':
    case 'cluster_image_scanning':
      return `${imageWithoutTag(text(location.image))}:${text(location.dependency?.packageName)}`;
    case 'dast':
    case 'api_fuzzing':
      return `${text(location.path)}:${text(location.requestMethod)}:${text(location.param)}`;
    case 'coverage_fuzzing':
      return `${text(location.crashType)}:${text(location.crashState)}`;
    default:
      return assertNever(reportType, 'report type');
  }
}

/** Ruby's File.basename for the `/`-separated paths reports carry. */
function basename(file: string): string {
  const trimmed = file.replace(/\/+$/, '');
  if (trimmed === '') return file === '' ? '' : '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * What GitLab names the place of a finding in a derived title (`fingerprint_path`): the file's
 * base name for file-based types (Concerns::FingerprintPathFromFile), the path for DAST, and the
 * whole location key for the rest (Locations::Base). Empty when there is nothing to name.
 */
export function fingerprintPath(reportType: ReportType, location: FindingLocation): string {
  switch (reportType) {
    case 'sast':
    case 'secret_detection':
    case 'generic':
    case 'dependency_scanning':
      return basename(location.file ?? '');
    case 'dast':
    case 'api_fuzzing':
      return location.path ?? '';
    default: {
      const key = locationKey(reportType, location);
      return /^:*$/.test(key) ? '' : key;
    }
  }
}
