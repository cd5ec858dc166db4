/** The order `for (k in a)` visits keys: PROCINFO["sorted_in"] when set, else numeric then string keys. */
import type { AwkArray, Runtime } from "./runtime.js"
import { compareValues, StrNum, toNumber, type Value } from "./values.js"

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Default order: integer keys numerically, then the rest in byte order. */
export const sortedKeys = (array: AwkArray): Array<string> => {
  const numeric: Array<string> = []
  const other: Array<string> = []
  for (const k of array.keys()) (/^-?\d+$/.test(k) && k.length < 16 ? numeric : other).push(k)
  numeric.sort((a, b) => Number(a) - Number(b))
  other.sort(byString)
  return numeric.concat(other)
}

const valueText = (rt: Runtime, v: Value | AwkArray): string => (v instanceof Map ? "" : rt.str(v))
const valueNumber = (v: Value | AwkArray): number => (v instanceof Map ? 0 : toNumber(v))

export const forInKeys = (rt: Runtime, array: AwkArray): Array<string> => {
  const setting = rt.procinfo?.get("sorted_in")
  const mode = setting === undefined ? "" : rt.str(setting instanceof StrNum ? setting.text : setting)
  if (mode === "" || !mode.startsWith("@")) return sortedKeys(array)
  const keys = Array.from(array.keys())
  const descending = mode.endsWith("_desc")
  let compare: (a: string, b: string) => number
  switch (mode.replace(/_(asc|desc)$/, "")) {
    case "@unsorted":
      return keys
    case "@ind_str":
      compare = byString
      break
    case "@ind_num":
      compare = (a, b) => toNumber(a) - toNumber(b) || byString(a, b)
      break
    case "@val_num":
      compare = (a, b) => valueNumber(array.get(a)) - valueNumber(array.get(b)) || byString(a, b)
      break
    case "@val_str":
      compare = (a, b) => byString(valueText(rt, array.get(a)), valueText(rt, array.get(b))) || byString(a, b)
      break
    case "@val_type":
      compare = (a, b) => compareValues(array.get(a), array.get(b), rt.convfmt) || byString(a, b)
      break
    default:
      return sortedKeys(array)
  }
  keys.sort(descending ? (a, b) => compare(b, a) : compare)
  return keys
}
