import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Issue 41, item 18: a refusal's reasons stand beside their field on every form. Each form of
// the web app sits inside <FormProblems> (src/web/components/ui/form-problems.tsx), whose fields
// (FormField, SelectField, TextareaField, or useFieldProblem for a control of its own) show the
// server's reason for their name beside them; a form left out of it is named here.
const WEB = join(import.meta.dirname)

/** Forms that send nothing the server can refuse field by field, each with why. */
const WITHOUT_FIELD_REASONS: Record<string, string> = {
  'features/auth/sign-in-form.tsx':
    "better-auth's sign-in answers one reason for the pair ('Invalid email or password'), never a field; its own checks stand beside the fields",
  'features/auth/forgot-password-form.tsx':
    "better-auth's reset request answers the same whatever the address (no account is confirmed); its own check stands beside the field",
}

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return tsxFiles(path)
    return entry.name.endsWith('.tsx') ? [path] : []
  })
}

describe('every form shows the server’s reasons beside its fields', () => {
  it('puts each form inside FormProblems', () => {
    const forms = tsxFiles(WEB).filter((file) => /<form[\s>]/.test(readFileSync(file, 'utf8')))
    expect(forms.length).toBeGreaterThan(30)
    const without = forms
      .map((file) => relative(WEB, file))
      .filter((file) => !(file in WITHOUT_FIELD_REASONS))
      .filter((file) => !/FormProblems|useFieldProblem/.test(readFileSync(join(WEB, file), 'utf8')))
    expect(without).toEqual([])
  })
})
