/**
 * A table a shell shares with its subshells until one of them changes it (copy on write).
 * Subshells (`$(...)`, `( )`, pipeline stages) used to copy every variable, function, alias and
 * option when they started, which was about half the cost of a command substitution.
 *
 * Readers use `read`; anything that may change the table, or an object inside it, takes
 * `write`, which copies the table first while another shell still shares it. A shell that is
 * finished calls `release`, so the last sharer can go on changing the table in place.
 */
export class Shared<T> {
  private ref: { value: T; owners: number }
  private released = false

  private constructor(
    ref: { value: T; owners: number },
    private readonly copy: (value: T) => T
  ) {
    this.ref = ref
  }

  static of<T>(value: T, copy: (value: T) => T): Shared<T> {
    return new Shared({ value, owners: 1 }, copy)
  }

  /** A handle for a subshell, sharing this table until either side writes. */
  share(): Shared<T> {
    this.ref.owners++
    return new Shared(this.ref, this.copy)
  }

  /** For reading only: never change it or what it holds. */
  get read(): T {
    return this.ref.value
  }

  /** For changing: a private copy once another shell shares the table. */
  get write(): T {
    const ref = this.ref
    if (ref.owners === 1) return ref.value
    ref.owners--
    this.ref = { value: this.copy(ref.value), owners: 1 }
    return this.ref.value
  }

  /** Replace the whole table (this handle stops sharing the old one). */
  replace(value: T): void {
    this.ref.owners--
    this.ref = { value, owners: 1 }
  }

  /** The shell holding this handle is finished and never uses it again. */
  release(): void {
    if (this.released) return
    this.released = true
    this.ref.owners--
  }
}
