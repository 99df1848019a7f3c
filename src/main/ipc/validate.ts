import { z } from 'zod'

/** Parses one IPC argument; a bad one becomes an error naming the channel's argument and what was wrong. */
export function arg<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value)
  if (!r.success) {
    const lines = r.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')} ${i.message}` : i.message))
    throw new Error(`${what}: ${lines.join('; ')}`)
  }
  return r.data
}

export const jobId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a job id of 1–64 letters, digits, "-" or "_"' })
export const exampleFile = z.string().regex(/^[A-Za-z0-9_-]{1,80}\.json$/, { error: 'must be the file name of a shipped example' })
export const filePath = z.string().min(1, { error: 'must be a file path' }).max(4096, { error: 'must be a file path of at most 4096 characters' })
export const draftKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a draft key of 1–64 letters, digits, "-" or "_"' })
const FORBIDDEN_IN_NAME = /[/\\:*?"<>|]/
/** A file name for a save dialog's suggestion: no folders, no characters Windows forbids, no control characters. */
export const fileName = z
  .string()
  .min(1, { error: 'must be a plain file name without folders' })
  .max(120, { error: 'must be a file name of at most 120 characters' })
  .refine((s) => !FORBIDDEN_IN_NAME.test(s) && [...s].every((c) => c.charCodeAt(0) >= 32), { error: 'must be a plain file name without folders' })
