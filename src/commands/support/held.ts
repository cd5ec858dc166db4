/**
 * What holding input in memory really costs. A command that reads a whole input usually splits
 * it into lines, and each line is a JS string (a header of ~16-24 bytes) plus an array slot:
 * charging only the bytes would let `yes | sort` hold 134 million two-byte lines, whose
 * array alone is past what V8 can allocate (a fatal error that kills the host, not a
 * catchable one). So a held chunk is charged its bytes plus a per-line overhead.
 */

/** Bytes charged per line held, besides its content. */
export const LINE_OVERHEAD = 32

/** The memory charge for holding `chunk`: its bytes plus `LINE_OVERHEAD` per newline. */
export const heldCost = (chunk: Uint8Array): number => {
  let lines = 0
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
  return chunk.length + lines * LINE_OVERHEAD
}
