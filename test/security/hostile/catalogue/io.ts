import type { Attack } from "../types.js"
import { JS_INTERNALS, LIMIT, SMALL_MEMORY, STOPPED, TIMEOUT, unbounded } from "./common.js"

/** Streams, endless devices, archive bombs and the limits of host-backed filesystems. */

/** Early exit: GNU answers in milliseconds with bounded memory; so must we (a long deadline). */
const early = (id: string, script: string, stdout: string): Attack => ({
  id,
  category: "streaming",
  script,
  limits: { timeoutMs: 3000, maxMemoryBytes: SMALL_MEMORY },
  expect: { status: [0], stdout }
})

/** A stream that never ends: the deadline ends it, memory stays bounded, no buffering limit is hit. */
const endless = (id: string, category: "streaming" | "device", script: string): Attack => ({
  id,
  category,
  script,
  limits: { maxMemoryBytes: SMALL_MEMORY, ...unbounded },
  expect: { status: [TIMEOUT], stderr: /timed out/ }
})

/** Host filesystem limits: small, so floods end fast. */
const FS_LIMITS = { maxFileBytes: 1_000_000, maxTotalBytes: 4_000_000, maxFileCount: 500, maxPathDepth: 32, ...unbounded }
/** Slack for directory entries and a file in flight. */
const HOST_SLACK = 64 * 1024

const hostFs = (id: string, fs: Attack["hostFs"], script: string, expect: Attack["expect"], extra: Partial<Attack> = {}): Attack => ({
  id,
  category: "filesystem",
  script,
  hostFs: fs,
  entry: "shell",
  ...extra,
  limits: { ...FS_LIMITS, timeoutMs: 2000, ...extra.limits },
  expect: { hostBytesAtMost: FS_LIMITS.maxTotalBytes + HOST_SLACK, hostFilesAtMost: FS_LIMITS.maxFileCount + 10, stderrNot: JS_INTERNALS, ...expect, ...extra.expect }
})

export const ioAttacks: ReadonlyArray<Attack> = [
  // ---- streaming filters and early exit -----------------------------------------------------------
  early("yes-grep-m1", "yes | grep -m1 y", "y\n"),
  early("yes-grep-q", "yes | grep -q y; echo $?", "0\n"),
  early("yes-tr-head", "yes | tr y z | head -1", "z\n"),
  early("yes-sed-q", "yes | sed q", "y\n"),
  early("seq-sed-q-head", "seq 1 100000000 | sed q | head -1", "1\n"),
  early("yes-cut-head", "yes | cut -c1 | head -1", "y\n"),
  early("yes-awk-exit", "yes | awk '{ print; exit }'", "y\n"),
  early("yes-awk-nr1", "yes | awk 'NR == 1 { print; exit }'", "y\n"),
  early("seq-uniq-head", "seq 1 1000000000 | uniq | head -1", "1\n"),
  early("yes-nl-head", "yes | nl | head -1", "     1\ty\n"),
  early("yes-fold-head", "yes | fold -w 1 | head -1", "y\n"),
  early("yes-paste-head", "yes | paste - - | head -1", "y\ty\n"),
  early("yes-rev-head", "yes | rev | head -1", "y\n"),
  early("yes-tee-head", "yes | tee /dev/null | head -1", "y\n"),
  early("yes-expand-head", "yes | expand | head -1", "y\n"),
  early("yes-base64-head", "yes | base64 | head -1", "eQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5CnkKeQp5\n"),
  early("yes-gzip-head", "yes | gzip | head -c 10 | wc -c", "10\n"),
  early("yes-tr-delete-head", "yes | tr -d '\\n' | head -c 5", "yyyyy"),
  early("yes-cat-chain-head", "yes | cat | cat | cat | head -1", "y\n"),
  early("yes-xargs-head", "yes | xargs -n1 echo | head -1", "y\n"),
  early("yes-while-read-head", "yes | while read -r l; do echo $l; done | head -1", "y\n"),
  early("yes-grep-head", "yes | grep y | head -1", "y\n"),
  {
    id: "yes-head-c-huge-wc",
    category: "streaming",
    script: "yes | head -c 100000000000 | wc -c",
    limits: { maxMemoryBytes: SMALL_MEMORY, ...unbounded },
    expect: { status: [TIMEOUT], stderrNot: /string length|memory/ }
  },
  endless("yes-tail-n1", "streaming", "yes | tail -n 1"),
  endless("yes-wc-l", "streaming", "yes | wc -l"),
  endless("yes-grep-c", "streaming", "yes | grep -c y"),
  {
    id: "exec-stream-output-cap",
    category: "streaming",
    entry: "shellStream",
    script: "yes | head -c 20000000",
    limits: { maxOutputBytes: 1024 * 1024, timeoutMs: 3000 },
    expect: { status: [0, TIMEOUT], streamedBytesAtMost: 1024 * 1024 }
  },
  // ---- endless devices ---------------------------------------------------------------------------
  endless("dev-zero-cat-wc", "device", "cat /dev/zero | wc -c"),
  endless("dev-zero-redirect-wc", "device", "wc -c < /dev/zero"),
  endless("dev-urandom-while-read", "device", "while read -r l; do :; done < /dev/urandom"),
  endless("dev-zero-md5sum", "device", "md5sum /dev/zero"),
  // Readers of whole files refuse a device with an error (never a silent 64 KiB); streamers run on.
  { id: "dev-zero-cmp", category: "device", script: "cmp /dev/zero /dev/zero", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [2, TIMEOUT, LIMIT] } },
  endless("dev-zero-tail", "device", "tail -c 10 /dev/zero"),
  endless("dev-zero-od", "device", "od -An /dev/zero | head -2"),
  early("dev-zero-head-10mb", "head -c 10000000 /dev/zero | wc -c", "10000000\n"),
  early("dev-urandom-head", "head -c 100 /dev/urandom | wc -c", "100\n"),
  early("dev-zero-dd", "dd if=/dev/zero bs=1M count=5 2>/dev/null | wc -c", "5242880\n"),
  early("dev-urandom-tr-head", "tr -d x < /dev/urandom | head -c 10 | wc -c", "10\n"),
  early("dev-zero-base64-head", "base64 /dev/zero | head -1", `${"A".repeat(76)}\n`),
  early("dev-zero-xxd-head", "xxd /dev/zero | head -1", "00000000: 0000 0000 0000 0000 0000 0000 0000 0000  ................\n"),
  early("dev-zero-gzip-head", "gzip -c /dev/zero | head -c 100 | wc -c", "100\n"),
  {
    id: "dev-zero-cmdsub",
    category: "device",
    script: "x=$(< /dev/zero); echo ${#x}",
    limits: { maxMemoryBytes: SMALL_MEMORY },
    expect: { status: [0, 1, TIMEOUT, LIMIT], stdoutNot: /65536/, stderr: /too large|memory|string length|timed out/ }
  },
  { id: "dev-zero-sort", category: "device", script: "sort /dev/zero | head -c 1", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [0, 2, TIMEOUT, LIMIT], stdout: "", stderr: /too large|memory|timed out/ } },
  { id: "dev-zero-grep-c", category: "device", script: "grep -c x /dev/zero", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: [2, TIMEOUT, LIMIT] } },
  { id: "dev-zero-read", category: "device", script: "read -r x < /dev/zero; echo ${#x}", limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  // ---- archive bombs ----------------------------------------------------------------------------
  {
    id: "gunzip-bomb-wc",
    category: "archive",
    script: "gunzip -c /tmp/bomb.gz | wc -c",
    binaryFiles: { "/tmp/bomb.gz": "gzipBomb" },
    limits: { maxMemoryBytes: SMALL_MEMORY, timeoutMs: 1500 },
    expect: { status: [0, TIMEOUT], stdoutNot: /^(?!536870912\n$)./ }
  },
  { id: "zcat-bomb-to-file", category: "archive", script: "zcat /tmp/bomb.gz > /tmp/out", binaryFiles: { "/tmp/bomb.gz": "gzipBomb" }, limits: { maxFileBytes: 10_000_000 }, expect: { status: [1, TIMEOUT, LIMIT] } },
  { id: "zcat-bomb-cmdsub", category: "archive", script: "x=$(zcat /tmp/bomb.gz); echo ${#x}", binaryFiles: { "/tmp/bomb.gz": "gzipBomb" }, limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "gunzip-bomb-sort", category: "archive", script: "gunzip -c /tmp/bomb.gz | sort | head -c 1", binaryFiles: { "/tmp/bomb.gz": "gzipBomb" }, limits: { maxMemoryBytes: SMALL_MEMORY }, expect: { status: STOPPED } },
  { id: "unzip-p-bomb", category: "archive", script: "unzip -p /tmp/bomb.zip | wc -c", binaryFiles: { "/tmp/bomb.zip": "zipBomb" }, limits: { maxMemoryBytes: SMALL_MEMORY, timeoutMs: 1500 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!536870912\n$)./ } },
  { id: "unzip-bomb-extract", category: "archive", script: "cd /tmp && unzip -o bomb.zip", binaryFiles: { "/tmp/bomb.zip": "zipBomb" }, limits: { maxFileBytes: 10_000_000, maxMemoryBytes: SMALL_MEMORY }, expect: { status: [1, 2, 50, 80, TIMEOUT, LIMIT] } },
  { id: "tar-gz-bomb-extract", category: "archive", script: "cd /tmp && tar xzf bomb.tgz", binaryFiles: { "/tmp/bomb.tgz": "tarGzBomb" }, limits: { maxFileBytes: 10_000_000, maxMemoryBytes: SMALL_MEMORY }, expect: { status: [1, 2, TIMEOUT, LIMIT] } },
  { id: "tar-gz-bomb-to-stdout", category: "archive", script: "tar xzOf /tmp/bomb.tgz | wc -c", binaryFiles: { "/tmp/bomb.tgz": "tarGzBomb" }, limits: { maxMemoryBytes: SMALL_MEMORY, timeoutMs: 1500 }, expect: { status: [0, TIMEOUT, LIMIT], stdoutNot: /^(?!536870912\n$)./ } },
  // ---- filesystem limits on host-backed layers ------------------------------------------------------
  hostFs("host-flood-one-file", "hostDir", "yes > big", { status: [1, LIMIT] }),
  hostFs("host-flood-append", "hostDir", "while :; do echo xxxxxxxxxxxxxxxxxxxxxxxx >> log; done", { status: [1, TIMEOUT, LIMIT] }),
  hostFs("host-total-bytes", "hostDir", "for i in 1 2 3 4 5 6 7 8 9 10; do head -c 900000 /dev/zero > f$i; done; echo done", { status: [0, 1, LIMIT] }),
  hostFs("host-many-files", "hostDir", "i=0; while echo x > f$i; do i=$((i+1)); done 2>/dev/null; echo stopped", { status: [0, TIMEOUT, LIMIT] }),
  hostFs("host-deep-mkdir", "hostDir", "mkdir -p $(printf 'd/%.0s' {1..250}); echo $?", { status: [0, 1, LIMIT], hostDepthAtMost: FS_LIMITS.maxPathDepth + 1 }),
  hostFs("host-long-path", "hostDir", "mkdir -p $(printf 'x%.0s' {1..5000}); echo $?", { status: [0, 1, LIMIT], hostFilesAtMost: 1 }),
  hostFs("host-truncate-sparse", "hostDir", "truncate -s 10G sparse; echo $?", { status: [0, 1, LIMIT] }),
  hostFs("host-dd-seek", "hostDir", "dd if=/dev/zero of=f bs=1 count=1 seek=5000000000 2>/dev/null; echo $?", { status: [0, 1, LIMIT] }),
  hostFs("host-cp-doubling", "hostDir", "head -c 500000 /dev/zero > a; while cp a b && cat a b > c && mv c a; do :; done 2>/dev/null; echo stopped", { status: [0, 1, TIMEOUT, LIMIT] }),
  hostFs("host-escape-dotdot", "hostDir", "cd / && cd ../../.. && echo x > escaped; ls ..; cat ../outside/* 2>&1; echo done", { status: [0, 1] }),
  hostFs("host-escape-symlink", "hostDir", "ln -s .. up; echo x > up/escaped; ln -s /etc/passwd pw; cat pw 2>/dev/null | head -1; echo done", { status: [0, 1], stdoutNot: /root:/ }),
  hostFs("host-walk-deadline", "hostDir", "while :; do find / > /dev/null; du -s / > /dev/null; done", { status: [TIMEOUT] }, { hostSeed: { dir: "seed", count: 3000 }, limits: { maxFileCount: 100_000, timeoutMs: 1000 }, expect: { status: [TIMEOUT], hostFilesAtMost: 3001 } }),
  hostFs("overlay-flood", "overlayHost", "yes > big; echo $?", { status: [0, 1, LIMIT], hostBytesAtMost: 0, hostFilesAtMost: 0 }),
  hostFs("overlay-many-files", "overlayHost", "i=0; while echo x > f$i; do i=$((i+1)); done 2>/dev/null; echo stopped", { status: [0, TIMEOUT, LIMIT], hostBytesAtMost: 0, hostFilesAtMost: 0 }),
  hostFs("overlay-deep-mkdir", "overlayHost", "mkdir -p $(printf 'd/%.0s' {1..250}); echo $?", { status: [0, 1, LIMIT], hostFilesAtMost: 0 }),
  // Writing through a host directory is slow on a busy machine: room to reach the 1 MB file limit.
  hostFs("mounted-host-flood", "mountedHost", "yes > /mnt/big; echo $?", { status: [0, 1, LIMIT] }, { limits: { timeoutMs: 5000 } }),
  hostFs("mounted-host-many-files", "mountedHost", "i=0; while echo x > /mnt/f$i; do i=$((i+1)); done 2>/dev/null; echo stopped", { status: [0, TIMEOUT, LIMIT] }),
  { id: "memory-fs-flood", category: "filesystem", script: "yes > /tmp/flood; echo after", limits: { maxFileBytes: 1_000_000, maxTotalBytes: 2_000_000 }, expect: { status: [LIMIT], stdout: "", stderr: /No space left on device/ } }
]
