/** What every multipart upload answers when it goes past the parser's limits. */
export const UPLOAD_MSG = {
  tooManyFiles: (max: number) => `Too many files in one upload: at most ${max}.`,
  tooManyFields: (max: number) => `Too many fields in one upload: at most ${max}.`,
  tooManyParts: (max: number) => `Too many parts in one upload: at most ${max}.`,
  oneFile: 'Send exactly one file, as the part named file, and nothing else.',
} as const;
