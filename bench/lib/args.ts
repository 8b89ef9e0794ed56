// The benchmarks' command line: `--name value` options and `--name` flags, read the same way by every
// bench (a value missing after its name counts as not given).

/** What followed the script's name on the command line. */
export const benchArgs: readonly string[] = process.argv.slice(2)

/** Whether `--name` was given. */
export function flag(name: string): boolean {
  return benchArgs.includes(`--${name}`)
}

/** The text after `--name`, or undefined when it was not given. */
export function option(name: string): string | undefined {
  const i = benchArgs.indexOf(`--${name}`)
  return i >= 0 ? benchArgs[i + 1] : undefined
}

/** `--name N` as a number, or `fallback` when it was not given. */
export function numberOption(name: string, fallback: number): number {
  const text = option(name)
  return text === undefined ? fallback : Number(text)
}

/** `--name 1,5,10` as numbers, or `fallback` (the same comma-separated form) when it was not given. */
export function numbersOption(name: string, fallback: string): number[] {
  return (option(name) ?? fallback).split(',').map(Number)
}
