/**
 * RubyGems' `Gem::Version.correct?` (ANCHORED_VERSION_PATTERN). The empty string matches too, as
 * it does in Ruby. Ruby's atomic group `(?>\.[0-9a-zA-Z]+)*` is a plain group here: the runs it
 * wraps can never give characters back to what follows, so both accept the same strings.
 */
const GEM_VERSION = /^\s*([0-9]+(\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?)?\s*$/;
/** A content hash, which GitLab never treats as a version even when it is all digits. */
const HASH_LIKE = /^[0-9a-f]{32,128}$/i;

function isSemverLike(tag: string): boolean {
  return GEM_VERSION.test(tag) && !HASH_LIKE.test(tag);
}

/**
 * The image name GitLab puts into a container finding's location fingerprint
 * (Gitlab::Ci::Reports::Security::Locations::ContainerScanning#docker_image_name_without_tag):
 * the text after the last `:` is dropped unless it reads as a version, so `app:latest`,
 * `app:main-3f2a1c9` and `app:<commit sha>` all become `app`, while `alpine:3.18` stays whole
 * (a release is a different image). For a digest, `app@sha256:<hash>` becomes `app@sha256`, as
 * GitLab's `rpartition(':')` leaves it.
 *
 * Two deliberate differences from GitLab, both for names GitLab mangles: a `:` before the last
 * `/` is a registry port, not a tag (`registry:5000/app` is kept whole; GitLab's `rpartition`
 * makes it `registry`), and a name without any tag is kept whole (GitLab's current code makes
 * it the empty string).
 */
export function imageWithoutTag(image: string): string {
  const colon = image.lastIndexOf(':');
  if (colon <= image.lastIndexOf('/')) return image;
  return isSemverLike(image.slice(colon + 1)) ? image : image.slice(0, colon);
}
