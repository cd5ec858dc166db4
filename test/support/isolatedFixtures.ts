/** Module jobs for the isolated runner's own test. */
export const spinForever = async (): Promise<never> => {
  // A host-freezing loop: only the parent's kill ends it.
  for (;;) {
    // busy
  }
}
