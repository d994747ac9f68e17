#!/usr/bin/env bash
# The Debian packages a built capture-sim needs at run time, derived from the binary itself:
#   runtime-packages.sh BINARY            the packages owning the shared libraries the binary names
#                                         (its ELF NEEDED entries), one per line, sorted; apt installs
#                                         what those depend on
#   runtime-packages.sh --check BINARY    also checks that every shared library ldd loads is owned by
#                                         a package those pull in (apt-cache depends --recurse); prints
#                                         each library with its package and exits 1 naming any that
#                                         is not covered
# Libraries of the Swift toolchain (under its folder; none with --static-swift-stdlib) belong to no
# Debian package: they are listed on standard error and left out (with --check they fail unless
# ALLOW_TOOLCHAIN=1, for a build that links the Swift runtime dynamically).
set -euo pipefail

check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
binary=${1:?usage: runtime-packages.sh [--check] BINARY}
[ -x "$binary" ] || { echo "runtime-packages.sh: $binary is not an executable" >&2; exit 2; }
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")

# Candidate paths dpkg may know a library file by: dpkg records the path a package installed, which on a
# merged-/usr system may be /lib/... or /usr/lib/...
candidates() {
    local path=$1 real
    real=$(readlink -f "$path")
    echo "$path"; echo "$real"
    case "$real" in /usr/lib/*) echo "${real#/usr}";; /lib/*) echo "/usr$real";; esac
    case "$path" in /usr/lib/*) echo "${path#/usr}";; /lib*/*) echo "/usr$path";; esac
}

# Every library path ldd gives, with the owner of each candidate from one dpkg -S call.
declare -A owners
mapfile -t all_paths < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }')
mapfile -t all_candidates < <(for p in "${all_paths[@]}"; do candidates "$p"; done | sort -u)
while IFS= read -r line; do
    package=${line%%:*}
    owners[${line#*: }]=$package
done < <(dpkg -S "${all_candidates[@]}" 2>/dev/null | grep -v '^diversion' || true)

# The package owning a library file ("" when none).
owner() {
    local c
    for c in $(candidates "$1"); do
        if [ -n "${owners[$c]:-}" ]; then echo "${owners[$c]}"; return; fi
    done
    echo ""
}

# Where ldd resolves each library (name -> path), for the NEEDED names.
declare -A resolved
while read -r name arrow path _; do
    if [ "$arrow" = "=>" ] && [ -n "$path" ] && [ "$path" != "not" ]; then resolved[$name]=$path; fi
    case "$name" in /*) resolved[$(basename "$name")]=$name;; esac
done < <(ldd "$binary")

packages=()
failed=0
for needed in $(objdump -p "$binary" | awk '$1 == "NEEDED" { print $2 }'); do
    path=${resolved[$needed]:-}
    if [ -z "$path" ]; then echo "runtime-packages.sh: $needed: not found by ldd" >&2; failed=1; continue; fi
    if [[ "$path" == "$toolchain"/* ]]; then echo "runtime-packages.sh: $needed is the Swift toolchain's ($path), not a Debian package's" >&2; continue; fi
    package=$(owner "$path")
    if [ -z "$package" ]; then echo "runtime-packages.sh: $path ($needed) belongs to no Debian package" >&2; failed=1; continue; fi
    packages+=("$package")
done
[ "$failed" -eq 0 ] || exit 1
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u)

if [ "$check" -eq 0 ]; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

# Every package apt installs with the list (hard dependencies, recursively).
declare -A closure
while read -r p; do closure[${p%%:*}]=1; done < <(
    apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
        "${packages[@]}" 2>/dev/null | grep -v '^ ' | grep -v '^<' )
missing=0
while read -r name arrow path _; do
    [ "$name" = "linux-vdso.so.1" ] && continue
    if [ "$arrow" != "=>" ]; then path=$name; fi
    case "$path" in /*) ;; *) continue;; esac
    if [[ "$path" == "$toolchain"/* ]]; then
        if [ "${ALLOW_TOOLCHAIN:-0}" = "1" ]; then echo "toolchain  $path"; continue; fi
        echo "NOT COVERED $path (the Swift toolchain's: build with --static-swift-stdlib)"; missing=1; continue
    fi
    package=$(owner "$path")
    if [ -n "$package" ] && [ -n "${closure[$package]:-}" ]; then
        echo "ok         $path  $package"
    else
        echo "NOT COVERED $path  ${package:-(no package)}"; missing=1
    fi
done < <(ldd "$binary")
exit "$missing"
