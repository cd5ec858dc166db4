/** The LIST argument of cut (`1,3-5,7-`): sorted, merged 1-based inclusive ranges. */

export interface Range {
  readonly lo: number
  readonly hi: number
}

export type ListParse = { readonly _tag: "Ok"; readonly ranges: ReadonlyArray<Range> } | { readonly _tag: "Error"; readonly message: string }

export const parseCutList = (list: string, fieldMode: boolean): ListParse => {
  const error = (message: string): ListParse => ({ _tag: "Error", message })
  const ranges: Array<Range> = []
  for (const item of list.split(/[,\s]/)) {
    const m = /^(\d*)(-?)(\d*)$/.exec(item)
    if (m === null || (item === "")) {
      if (item === "") return error(fieldMode ? "fields are numbered from 1" : "byte/character positions are numbered from 1")
      return error(fieldMode ? `invalid field value '${item}'` : `invalid byte/character position '${item}'`)
    }
    const [, a, dash, b] = m as unknown as [string, string, string, string]
    if (dash === "" ) {
      const n = Number(a)
      if (n === 0) return error(fieldMode ? "fields are numbered from 1" : "byte/character positions are numbered from 1")
      ranges.push({ lo: n, hi: n })
      continue
    }
    if (a === "" && b === "") return error("invalid range with no endpoint: -")
    const lo = a === "" ? 1 : Number(a)
    const hi = b === "" ? Infinity : Number(b)
    if (lo === 0 || (b !== "" && hi === 0)) return error(fieldMode ? "fields are numbered from 1" : "byte/character positions are numbered from 1")
    if (hi < lo) return error("invalid decreasing range")
    ranges.push({ lo, hi })
  }
  ranges.sort((x, y) => x.lo - y.lo)
  const merged: Array<Range> = []
  for (const r of ranges) {
    const last = merged[merged.length - 1]
    if (last !== undefined && r.lo <= last.hi) merged[merged.length - 1] = { lo: last.lo, hi: Math.max(last.hi, r.hi) }
    else merged.push(r)
  }
  return { _tag: "Ok", ranges: merged }
}

/** The complement of merged ranges over 1..Infinity. */
export const complementRanges = (ranges: ReadonlyArray<Range>): Array<Range> => {
  const out: Array<Range> = []
  let next = 1
  for (const r of ranges) {
    if (r.lo > next) out.push({ lo: next, hi: r.lo - 1 })
    next = r.hi + 1
  }
  if (next !== Infinity) out.push({ lo: next, hi: Infinity })
  return out
}
