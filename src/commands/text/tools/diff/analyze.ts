/**
 * The line matching of GNU diff, so that where several minimal edit scripts exist we pick the
 * same one: the common prefix and suffix are set aside (keeping `horizon` lines of each),
 * lines that cannot match are discarded up front, Myers' middle-snake bisection finds the
 * changes, and change boundaries are then slid to where GNU diff puts them.
 */
import { unmetered, type WorkMeter } from "../../../../limits/Budget.js"

/** One change: `deleted` lines of file 0 from `line0` replaced by `inserted` lines of file 1 from `line1`. */
export interface Change {
  readonly line0: number
  readonly line1: number
  readonly deleted: number
  readonly inserted: number
}

export interface AnalyzeOptions {
  /** Lines of the identical prefix and suffix kept in the analysis (GNU: at least the context). */
  readonly horizon: number
  /** --minimal: no discarding, no cost cut-off. */
  readonly minimal: boolean
  /** Charged as the search advances: two large unlike files stop at the exec's deadline. */
  readonly meter?: WorkMeter
}

/**
 * `raw*` are the lines as read (an incomplete last line marked so it differs from a complete
 * one); `key*` the lines as compared (after -i/-w/-b and the like).
 */
export const analyze = (
  rawA: ReadonlyArray<string>,
  rawB: ReadonlyArray<string>,
  keyA: ReadonlyArray<string>,
  keyB: ReadonlyArray<string>,
  options: AnalyzeOptions
): Array<Change> => {
  // The identical ends, compared as read, as GNU's find_identical_ends does on bytes.
  let prefix = 0
  while (prefix < rawA.length && prefix < rawB.length && rawA[prefix] === rawB[prefix]) prefix++
  let suffix = 0
  const room = Math.min(rawA.length, rawB.length) - prefix
  while (suffix < room && rawA[rawA.length - 1 - suffix] === rawB[rawB.length - 1 - suffix]) suffix++
  const start = Math.max(0, prefix - options.horizon)
  const endA = Math.min(rawA.length, rawA.length - suffix + options.horizon)
  const endB = Math.min(rawB.length, rawB.length - suffix + options.horizon)

  // Equivalence classes (numbered from 1) of the lines in the analysed region.
  const classes = new Map<string, number>()
  const classify = (keys: ReadonlyArray<string>, from: number, to: number): Int32Array => {
    const out = new Int32Array(to - from)
    for (let i = from; i < to; i++) {
      const key = keys[i]!
      let id = classes.get(key)
      if (id === undefined) classes.set(key, (id = classes.size + 1))
      out[i - from] = id
    }
    return out
  }
  const equivA = classify(keyA, start, endA)
  const equivB = classify(keyB, start, endB)
  // Change flags with a zero sentinel on each side: index i of the region is flags[i + 1].
  const changedA = new Uint8Array(equivA.length + 2)
  const changedB = new Uint8Array(equivB.length + 2)

  const kept = discardConfusingLines(equivA, equivB, classes.size + 1, changedA, changedB, options.minimal)
  compareSequences(kept, changedA, changedB, options.minimal, options.meter ?? unmetered)
  shiftBoundaries(equivA, changedA, changedB)
  shiftBoundaries(equivB, changedB, changedA)
  return buildScript(changedA, changedB, equivA.length, equivB.length, start)
}

interface Kept {
  /** Class ids of the lines that take part in the comparison, and their indexes in the region. */
  readonly xv: Int32Array
  readonly yv: Int32Array
  readonly xIndex: Int32Array
  readonly yIndex: Int32Array
}

/**
 * Lines with no match in the other file are changes for sure: mark them and leave them out of
 * the comparison. Lines with very many matches are left out too when they sit inside a run of
 * such lines (GNU's discard_confusing_lines, with its thresholds).
 */
const discardConfusingLines = (
  equivA: Int32Array,
  equivB: Int32Array,
  classCount: number,
  changedA: Uint8Array,
  changedB: Uint8Array,
  minimal: boolean
): Kept => {
  const countA = new Int32Array(classCount)
  const countB = new Int32Array(classCount)
  for (const e of equivA) countA[e]!++
  for (const e of equivB) countB[e]!++
  const mark = (equivs: Int32Array, otherCounts: Int32Array): Uint8Array => {
    const end = equivs.length
    const discards = new Uint8Array(end)
    let many = 5
    let tem = Math.floor(end / 64)
    while ((tem >>= 2) > 0) many *= 2
    for (let i = 0; i < end; i++) {
      const matches = otherCounts[equivs[i]!]!
      if (matches === 0) discards[i] = 1
      else if (matches > many) discards[i] = 2
    }
    settleProvisional(discards)
    return discards
  }
  const discardsA = mark(equivA, countB)
  const discardsB = mark(equivB, countA)
  const keep = (equivs: Int32Array, discards: Uint8Array, changed: Uint8Array) => {
    const values: Array<number> = []
    const indexes: Array<number> = []
    for (let i = 0; i < equivs.length; i++) {
      if (minimal || discards[i] === 0) {
        values.push(equivs[i]!)
        indexes.push(i)
      } else changed[i + 1] = 1
    }
    return { values: Int32Array.from(values), indexes: Int32Array.from(indexes) }
  }
  const a = keep(equivA, discardsA, changedA)
  const b = keep(equivB, discardsB, changedB)
  return { xv: a.values, yv: b.values, xIndex: a.indexes, yIndex: b.indexes }
}

/** Keep provisional discards (2) only well inside runs of sure ones (1), as GNU diff decides. */
const settleProvisional = (discards: Uint8Array): void => {
  const end = discards.length
  for (let i = 0; i < end; i++) {
    if (discards[i] === 2) {
      discards[i] = 0
      continue
    }
    if (discards[i] === 0) continue
    let j = i
    let provisional = 0
    for (; j < end && discards[j] !== 0; j++) if (discards[j] === 2) provisional++
    while (j > i && discards[j - 1] === 2) {
      discards[--j] = 0
      provisional--
    }
    const length = j - i
    if (provisional * 4 > length) {
      while (j > i) if (discards[--j] === 2) discards[j] = 0
      continue
    }
    let minimum = 1
    let tem = length >> 2
    while ((tem >>= 2) > 0) minimum <<= 1
    minimum++
    // Long subruns of provisionals are not discarded.
    for (let k = 0, consec = 0; k < length; k++) {
      if (discards[i + k] !== 2) consec = 0
      else if (minimum === ++consec) k -= consec
      else if (minimum < consec) discards[i + k] = 0
    }
    // Nor provisionals near the run's ends, before three sure ones in a row (or eight lines in).
    for (let k = 0, consec = 0; k < length; k++) {
      if (k >= 8 && discards[i + k] === 1) break
      if (discards[i + k] === 2) {
        consec = 0
        discards[i + k] = 0
      } else if (discards[i + k] === 0) consec = 0
      else consec++
      if (consec === 3) break
    }
    i += length - 1
    for (let k = 0, consec = 0; k < length; k++) {
      if (k >= 8 && discards[i - k] === 1) break
      if (discards[i - k] === 2) {
        consec = 0
        discards[i - k] = 0
      } else if (discards[i - k] === 0) consec = 0
      else consec++
      if (consec === 3) break
    }
  }
}

/** Myers' bisection over the kept lines (gnulib's diffseq), marking changes in the flags. */
const compareSequences = (kept: Kept, changedA: Uint8Array, changedB: Uint8Array, minimal: boolean, meter: WorkMeter): void => {
  const { xv, yv } = kept
  const n = xv.length
  const m = yv.length
  const diags = n + m + 3
  const offset = m + 1
  const fd = new Float64Array(diags)
  const bd = new Float64Array(diags)
  let tooExpensive = 1
  for (let d = diags; d !== 0; d >>= 2) tooExpensive <<= 1
  tooExpensive = Math.max(4096, tooExpensive)

  // Split points: [xmid, ymid, lowMinimal, highMinimal].
  const middle = (xoff: number, xlim: number, yoff: number, ylim: number, findMinimal: boolean): [number, number, boolean, boolean] => {
    const dmin = xoff - ylim
    const dmax = xlim - yoff
    const fmid = xoff - yoff
    const bmid = xlim - ylim
    let fmin = fmid
    let fmax = fmid
    let bmin = bmid
    let bmax = bmid
    const odd = ((fmid - bmid) & 1) !== 0
    fd[offset + fmid] = xoff
    bd[offset + bmid] = xlim
    for (let c = 1; ; c++) {
      meter.step(fmax - fmin + bmax - bmin + 2)
      if (fmin > dmin) fd[offset + --fmin - 1] = -1
      else fmin++
      if (fmax < dmax) fd[offset + ++fmax + 1] = -1
      else fmax--
      for (let d = fmax; d >= fmin; d -= 2) {
        const tlo = fd[offset + d - 1]!
        const thi = fd[offset + d + 1]!
        let x = tlo < thi ? thi : tlo + 1
        let y = x - d
        while (x < xlim && y < ylim && xv[x] === yv[y]) {
          x++
          y++
        }
        fd[offset + d] = x
        if (odd && bmin <= d && d <= bmax && bd[offset + d]! <= x) return [x, y, true, true]
      }
      if (bmin > dmin) bd[offset + --bmin - 1] = Number.MAX_SAFE_INTEGER
      else bmin++
      if (bmax < dmax) bd[offset + ++bmax + 1] = Number.MAX_SAFE_INTEGER
      else bmax--
      for (let d = bmax; d >= bmin; d -= 2) {
        const tlo = bd[offset + d - 1]!
        const thi = bd[offset + d + 1]!
        let x = tlo < thi ? tlo : thi - 1
        let y = x - d
        while (xoff < x && yoff < y && xv[x - 1] === yv[y - 1]) {
          x--
          y--
        }
        bd[offset + d] = x
        if (!odd && fmin <= d && d <= fmax && x <= fd[offset + d]!) return [x, y, true, true]
      }
      if (findMinimal || c < tooExpensive) continue
      // Too expensive: settle for the furthest-reaching diagonal of either search.
      let fxybest = -1
      let fxbest = 0
      for (let d = fmax; d >= fmin; d -= 2) {
        let x = Math.min(fd[offset + d]!, xlim)
        let y = x - d
        if (ylim < y) {
          x = ylim + d
          y = ylim
        }
        if (fxybest < x + y) {
          fxybest = x + y
          fxbest = x
        }
      }
      let bxybest = Number.MAX_SAFE_INTEGER
      let bxbest = 0
      for (let d = bmax; d >= bmin; d -= 2) {
        let x = Math.max(xoff, bd[offset + d]!)
        let y = x - d
        if (y < yoff) {
          x = yoff + d
          y = yoff
        }
        if (x + y < bxybest) {
          bxybest = x + y
          bxbest = x
        }
      }
      return xlim + ylim - bxybest < fxybest - (xoff + yoff)
        ? [fxbest, fxybest - fxbest, true, false]
        : [bxbest, bxybest - bxbest, false, true]
    }
  }

  // An explicit stack instead of recursion: deep inputs must not overflow the call stack.
  const stack: Array<[number, number, number, number, boolean]> = [[0, n, 0, m, minimal]]
  while (stack.length > 0) {
    let [xoff, xlim, yoff, ylim, findMinimal] = stack.pop()!
    while (xoff < xlim && yoff < ylim && xv[xoff] === yv[yoff]) {
      xoff++
      yoff++
    }
    while (xoff < xlim && yoff < ylim && xv[xlim - 1] === yv[ylim - 1]) {
      xlim--
      ylim--
    }
    if (xoff === xlim) {
      for (let y = yoff; y < ylim; y++) changedB[kept.yIndex[y]! + 1] = 1
    } else if (yoff === ylim) {
      for (let x = xoff; x < xlim; x++) changedA[kept.xIndex[x]! + 1] = 1
    } else {
      const [xmid, ymid, lowMinimal, highMinimal] = middle(xoff, xlim, yoff, ylim, findMinimal)
      // The low half first, as the recursion would.
      stack.push([xmid, xlim, ymid, ylim, highMinimal])
      stack.push([xoff, xmid, yoff, ymid, lowMinimal])
    }
  }
}

/**
 * Slide each run of changes in one file over identical neighbouring lines: first back as far
 * as it goes (merging with earlier runs), then forward, then back to line up with a run of
 * changes in the other file if one was passed (GNU's shift_boundaries). Flags are 1-based.
 */
const shiftBoundaries = (equivs: Int32Array, changed: Uint8Array, other: Uint8Array): void => {
  const end = equivs.length
  const eq = (k: number) => equivs[k]!
  const isChanged = (k: number) => changed[k + 1] === 1
  const otherChanged = (k: number) => other[k + 1] === 1
  let i = 0
  let j = 0
  for (;;) {
    while (i < end && !isChanged(i)) {
      while (otherChanged(j++));
      i++
    }
    if (i === end) break
    let start = i
    while (isChanged(++i));
    while (otherChanged(j)) j++
    let runLength: number
    let corresponding: number
    do {
      runLength = i - start
      while (start > 0 && eq(start - 1) === eq(i - 1)) {
        changed[--start + 1] = 1
        changed[--i + 1] = 0
        while (isChanged(start - 1)) start--
        while (otherChanged(--j));
      }
      corresponding = otherChanged(j - 1) ? i : end
      while (i !== end && eq(start) === eq(i)) {
        changed[start++ + 1] = 0
        changed[i++ + 1] = 1
        while (isChanged(i)) i++
        while (otherChanged(++j)) corresponding = i
      }
    } while (runLength !== i - start)
    while (corresponding < i) {
      changed[--start + 1] = 1
      changed[--i + 1] = 0
      while (otherChanged(--j));
    }
  }
}

/** The changes in file order, from the flags (indexes shifted back by the region's start). */
const buildScript = (changedA: Uint8Array, changedB: Uint8Array, lengthA: number, lengthB: number, base: number): Array<Change> => {
  const out: Array<Change> = []
  let i0 = 0
  let i1 = 0
  while (i0 < lengthA || i1 < lengthB) {
    if (changedA[i0 + 1] === 1 || changedB[i1 + 1] === 1) {
      const line0 = i0
      const line1 = i1
      while (changedA[i0 + 1] === 1) i0++
      while (changedB[i1 + 1] === 1) i1++
      out.push({ line0: base + line0, line1: base + line1, deleted: i0 - line0, inserted: i1 - line1 })
    }
    i0++
    i1++
  }
  return out
}
