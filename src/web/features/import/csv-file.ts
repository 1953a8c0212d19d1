export const ACCEPTED_FILES = '.csv,.tsv,.txt'

/**
 * A chosen or dropped file's text, as it is: the import reads a comma-separated one at its commas
 * (src/domain/import/parse.ts), as it does a comma-separated paste.
 */
export async function readImportFile(file: File): Promise<string> {
  return file.text()
}
