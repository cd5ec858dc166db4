/**
 * Text for a thrown or returned value of unknown shape. Host code and engines may throw
 * anything, including an object without a prototype (`Object.create(null)`, where `String(x)`
 * itself throws) or one whose `toString` throws: describing it must never throw in turn.
 */
export const describeThrown = (value: unknown): string => {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/** A failure's message: an Error's message, a string, a `{ message: string }`, or a safe description. */
export const thrownMessage = (error: unknown): string => {
  if (typeof error === "string") return error
  try {
    if (error instanceof Error) return error.message
    if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") return (error as { message: string }).message
  } catch {
    // a hostile getter
  }
  return describeThrown(error)
}
