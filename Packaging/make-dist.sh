#!/usr/bin/env bash
# Packs a release build of capture-sim for shipping (`make dist`):
#   make-dist.sh BINARY OUTDIR
# writes OUTDIR/capture-sim-<version>-linux-<arch>/ and its .tar.gz:
#   bin/capture-sim                 the binary (for `make dist`: the Swift runtime linked in statically)
#   debian-runtime-packages.txt     the Debian packages it needs at run time (runtime-packages.sh, checked
#                                   to cover every shared library ldd loads)
#   Dockerfile                      a debian:bookworm-slim image with those packages and the binary
#   LICENSES/                       the licence texts of what the binary holds or loads: the Swift
#                                   runtime's, SIMDe's (compiled into its kernels), and the Debian copyright
#                                   file of every package whose library it loads (ldd: the runtime
#                                   packages and what they pull in, libx264 among them)
#   README.txt                      what this is and how to use it
#   share/capture-sim/Scenes/       the scenes (a bare `bin/capture-sim` runs share/capture-sim/Scenes/apartment.json)
#   share/doc/capture-sim/          README.md and docs/ (the formats: scene, bundle, replay inputs, exports)
# The version is the binary's own (`capture-sim --version`). ALLOW_TOOLCHAIN=1 accepts a binary that
# loads the Swift runtime from the toolchain (a test build; never a shipped one).
set -euo pipefail
binary=${1:?usage: make-dist.sh BINARY OUTDIR}
outdir=${2:?usage: make-dist.sh BINARY OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
version=$("$binary" --version | head -n 1 | awk '{print $2}')
arch=$(uname -m)
name=capture-sim-$version-linux-$arch
stage=$outdir/$name

coverage=$("$here/runtime-packages.sh" --check "$binary") || {
    echo "make-dist.sh: the runtime packages do not cover every shared library of $binary:" >&2
    grep -v '^ok' <<< "$coverage" >&2 || true
    exit 1
}
mapfile -t packages < <("$here/runtime-packages.sh" "$binary" 2>/dev/null)
mapfile -t loaded < <(awk '$1 == "ok" { print $3 }' <<< "$coverage" | sort -u)

rm -rf "$stage" "$stage.tar.gz"
mkdir -p "$stage/bin" "$stage/LICENSES" "$stage/share/capture-sim" "$stage/share/doc/capture-sim"
cp "$binary" "$stage/bin/capture-sim"
project=$(dirname "$here")
cp -R "$project/Scenes" "$stage/share/capture-sim/Scenes"
cp -R "$project/docs" "$stage/share/doc/capture-sim/docs"
cp "$project/README.md" "$stage/share/doc/capture-sim/README.md"
printf '%s\n' "${packages[@]}" > "$stage/debian-runtime-packages.txt"

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
cp "$toolchain/share/swift/LICENSE.txt" "$stage/LICENSES/swift.LICENSE.txt"
for p in "${loaded[@]}" libsimde-dev; do
    doc=/usr/share/doc/$p/copyright
    [ -f "$doc" ] || { echo "make-dist.sh: no licence text for $p ($doc)" >&2; exit 1; }
    cp "$doc" "$stage/LICENSES/$p.copyright"
done

{
    echo "# capture-sim $version: Debian's runtime libraries of the binary (debian-runtime-packages.txt) and the binary."
    echo "# Build: docker build -t capture-sim:$version ."
    echo "FROM debian:bookworm-slim"
    echo "RUN apt-get update \\"
    echo " && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages[*]} \\"
    echo " && rm -rf /var/lib/apt/lists/*"
    echo "COPY bin/capture-sim /usr/local/bin/capture-sim"
    echo "COPY share /usr/local/share"
    echo "COPY LICENSES /usr/share/doc/capture-sim"
    echo "ENTRYPOINT [\"/usr/local/bin/capture-sim\"]"
} > "$stage/Dockerfile"

cat > "$stage/README.txt" <<README
capture-sim $version for Linux ($arch): a headless capture-session simulator of a LiDAR room-scanning SDK.

bin/capture-sim needs the Debian packages in debian-runtime-packages.txt (Debian 12, bookworm):
    apt-get install \$(cat debian-runtime-packages.txt)
or build the container image beside this file:
    docker build -t capture-sim:$version .
then run it, e.g.: bin/capture-sim (the default apartment, share/capture-sim/Scenes/apartment.json),
capture-sim --help, capture-sim run SCENE --out DIR, capture-sim generate ...
The scenes are in share/capture-sim/Scenes/, the documentation (README.md, docs/) in share/doc/capture-sim/.
The licence texts of what the binary holds and loads are in LICENSES/.
README

tar -C "$outdir" -czf "$stage.tar.gz" "$name"
echo "$stage.tar.gz"
