/** `set -x` output: words quoted the way bash shows them. */
const needsQuoting = /[^A-Za-z0-9_\-.,:+/@%=^~]/

export const traceWord = (word: string): string => {
  if (word === "") return "''"
  if (!needsQuoting.test(word)) return word
  if (/[\x00-\x1f\x7f]/.test(word)) {
    return `$'${word.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/\r/g, "\\r")}'`
  }
  return `'${word.replace(/'/g, "'\\''")}'`
}

export const formatTrace = (words: ReadonlyArray<string>): string => words.map(traceWord).join(" ")
