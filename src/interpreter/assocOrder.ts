/**
 * The order bash lists an associative array's keys in (`declare -p`, `${!h[@]}`): its hash table
 * has 1024 buckets picked by a 32-bit FNV-1 hash of the key's bytes, buckets are walked in index
 * order, and a new key goes to the head of its bucket. `keys` is in insertion order.
 */
const BUCKETS = 1024
const encoder = new TextEncoder()

const bucketOf = (key: string): number => {
  let h = 2166136261
  for (const byte of encoder.encode(key)) {
    h = Math.imul(h, 16777619) >>> 0
    h = (h ^ byte) >>> 0
  }
  return h & (BUCKETS - 1)
}

export const bashHashOrder = (keys: Iterable<string>): Array<string> => {
  const buckets = new Map<number, Array<string>>()
  for (const key of keys) {
    const b = bucketOf(key)
    const list = buckets.get(b)
    if (list === undefined) buckets.set(b, [key])
    else list.unshift(key)
  }
  return [...buckets.keys()].sort((a, b) => a - b).flatMap((b) => buckets.get(b)!)
}
