#!/usr/bin/env bash
# Builds the sandbox helper (src/sandbox/landlock-exec.c) for x64 and arm64 into src/sandbox/bin/,
# byte for byte the same on every build with the same compilers: fixed flags, no build id, no
# compiler ident, stripped. `--check` builds into a scratch directory and fails when the result
# differs from the committed binaries.
#
# Compilers: the native gcc on x86_64 and gcc-aarch64-linux-gnu (Debian 12's gcc 12 for both).
set -euo pipefail
cd "$(dirname "$0")/.."

source=src/sandbox/landlock-exec.c
out=src/sandbox/bin
check=false
if [ "${1:-}" = "--check" ]; then
  check=true
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

# No libc, no start files, no position independence: one small static file of its own code.
flags=(
  -std=c11 -Os -Wall -Wextra -Werror
  -ffreestanding -fno-builtin -fno-stack-protector -fno-pie -fno-ident
  -fno-asynchronous-unwind-tables -fno-unwind-tables
  -nostdlib -static -no-pie -s
  -Wl,--build-id=none -Wl,-z,noexecstack -Wl,--hash-style=gnu
)

build() {
  local target=$1 compiler=$2
  shift 2
  "$compiler" "${flags[@]}" "$@" -o "$target" "$source"
}

# No CET notes on x86: Debian's gcc adds them by default, and they differ between its releases.
build "$out/landlock-exec-x64" gcc -fcf-protection=none
build "$out/landlock-exec-arm64" aarch64-linux-gnu-gcc

if $check; then
  for arch in x64 arm64; do
    if ! cmp -s "$out/landlock-exec-$arch" "src/sandbox/bin/landlock-exec-$arch"; then
      echo "src/sandbox/bin/landlock-exec-$arch does not match $source: run scripts/build-sandbox-helper.sh and commit it" >&2
      exit 1
    fi
  done
  echo "sandbox helpers match their source"
fi
