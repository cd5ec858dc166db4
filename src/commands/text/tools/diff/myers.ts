/** Myers' O(ND) difference algorithm over arrays of line ids, returning the edit script. */

export type Edit = { readonly kind: "equal" | "delete" | "insert"; readonly a: number; readonly b: number }

export const myersDiff = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): Array<Edit> => {
  // Trim the common prefix and suffix first: cheap and shrinks D for typical edits.
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const n = endA - start
  const m = endB - start
  const max = n + m
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Array<Int32Array> = []
  let found = n === 0 && m === 0
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[start + x] === b[start + y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = true
        break
      }
    }
  }
  const middle: Array<Edit> = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!
    const k = x - y
    const prevK = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : vd[offset + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      x--
      y--
      middle.push({ kind: "equal", a: start + x, b: start + y })
    }
    if (d > 0) {
      if (x === prevX) middle.push({ kind: "insert", a: start + x, b: start + prevY })
      else middle.push({ kind: "delete", a: start + prevX, b: start + y })
    }
    x = prevX
    y = prevY
  }
  const edits: Array<Edit> = []
  for (let i = 0; i < start; i++) edits.push({ kind: "equal", a: i, b: i })
  for (let i = middle.length - 1; i >= 0; i--) edits.push(middle[i]!)
  for (let i = 0; i < a.length - endA; i++) edits.push({ kind: "equal", a: endA + i, b: endB + i })
  return edits
}
