#!/usr/bin/env bash
# Builds the container image work-management-conformance:<version> (`npm run image`).
#
# 1. The base: a Debian root file system made with mmdebstrap from Debian packages (a pinned
#    suite and the package list below), imported with `podman import`; made once and reused while
#    an image of its tag exists (the tag carries a hash of the suite and the list).
# 2. The package: `npm pack` (which builds dist/), then `npm install --omit=dev` of that tarball
#    into an empty folder, which the Containerfile copies in: the image holds what a user who
#    installs the package file holds, nothing of the clone.
# 3. The image: `podman build` of the Containerfile, labelled with the package version and the
#    source revision (OCI annotations).
#
# Environment:
#   IMAGE_BASE              an image to build on instead of the local base (no mmdebstrap),
#                           e.g. docker.io/library/node:22-bookworm-slim where a registry is reachable
#   DEBIAN_MIRROR           the Debian mirror mmdebstrap reads (default http://deb.debian.org/debian)
#   IMAGE_ENGINE            podman (default) or docker
# Prints the image name on its last line of standard output; the timings go to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE="${IMAGE_ENGINE:-podman}"
SUITE=trixie
# Node 20.19 (trixie's nodejs), Python with Locust (the distributed load engine), tini (PID 1).
PACKAGES=nodejs,ca-certificates,python3-locust,tini
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# Left out of the base (size budget: under 300 MB): Python's byte-code caches (26 MB; the image
# sets PYTHONDONTWRITEBYTECODE, Locust's modules are compiled when imported) and apt's lists and caches.
BASE_TRIM='find "$1/usr" -name __pycache__ -type d -prune -exec rm -rf {} +; rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*'

VERSION="$(node -p 'require("./package.json").version')"
REVISION="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
SOURCE="$(git config --get remote.origin.url 2>/dev/null || echo unknown)"
IMAGE="localhost/work-management-conformance:${VERSION}"

now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
say() { echo "build-image: $*" >&2; }

command -v "$ENGINE" >/dev/null || { say "no $ENGINE on PATH"; exit 2; }

BASE="${IMAGE_BASE:-}"
if [ -z "$BASE" ]; then
  LIST_HASH="$(printf '%s %s %s' "$SUITE" "$PACKAGES" "$BASE_TRIM" | sha256sum | cut -c1-12)"
  BASE="localhost/work-management-conformance-base:${SUITE}-${LIST_HASH}"
  if "$ENGINE" image exists "$BASE" 2>/dev/null || "$ENGINE" image inspect "$BASE" >/dev/null 2>&1; then
    say "base $BASE exists: reused"
  else
    command -v mmdebstrap >/dev/null || { say "no mmdebstrap on PATH (apt-get install mmdebstrap)"; exit 2; }
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    started="$(now)"
    # Documentation, manual pages and translations are left out (licences kept): 50 MB less.
    mmdebstrap --variant=apt --include="$PACKAGES" \
      --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/locale/*' \
      --dpkgopt='path-exclude=/usr/share/info/*' \
      --dpkgopt='path-exclude=/usr/share/doc/*' \
      --dpkgopt='path-include=/usr/share/doc/*/copyright' \
      --customize-hook="$BASE_TRIM" \
      "$SUITE" "$work/rootfs.tar" "$MIRROR" >&2
    "$ENGINE" import "$work/rootfs.tar" "$BASE" >/dev/null
    rm -rf "$work"
    trap - EXIT
    say "base $BASE built in $(took "$started") s (mmdebstrap $SUITE: $PACKAGES)"
  fi
fi

started="$(now)"
context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
npm pack --silent --pack-destination "$context" >/dev/null
tarball="$(ls "$context"/*.tgz)"
mkdir -p "$context/package"
echo '{"name":"conformance-image","version":"1.0.0","private":true}' >"$context/package/package.json"
(cd "$context/package" && npm install --omit=dev --no-audit --no-fund --silent "$tarball" >/dev/null)
rm -f "$tarball"
# Not needed to run (size budget): source maps, type declarations and other packages' Markdown
# (the package's own docs/ stay), and lightningcss's native binary (vite's optional CSS transformer;
# the suites load no CSS).
nm="$context/package/node_modules"
find "$nm" -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete
find "$nm" -type f -name '*.md' -not -path "$nm/work-management-conformance/*" -delete
rm -rf "$nm"/lightningcss-linux-*
cp Containerfile "$context/Containerfile"
say "package $VERSION packed and installed in $(took "$started") s"

started="$(now)"
"$ENGINE" build --quiet -f "$context/Containerfile" \
  --build-arg BASE="$BASE" --build-arg VERSION="$VERSION" \
  --build-arg REVISION="$REVISION" --build-arg SOURCE="$SOURCE" \
  -t "$IMAGE" "$context" >/dev/null
say "image $IMAGE built in $(took "$started") s on $BASE"
size="$("$ENGINE" image inspect --format '{{.Size}}' "$IMAGE")"
say "image size $((size / 1000000)) MB uncompressed"
echo "$IMAGE"
