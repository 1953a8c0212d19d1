import { describe, expect, it } from 'vitest'
import { type EntryForText, entryAuthor, entrySentence } from './entry-text'
import { defaultNoteType } from './note'

const change = (oldValue: string | null, newValue: string | null): EntryForText => ({
  kind: 'change',
  label: 'Color',
  oldValue,
  newValue,
  actor: null,
  source: 'system',
})

describe('timeline sentences', () => {
  it('says what changed, from what to what', () => {
    expect(entrySentence(change('Red', 'Blue'), 'order')).toBe('Color changed from Red to Blue')
    expect(entrySentence(change(null, 'Blue'), 'order')).toBe('Color set to Blue')
    expect(entrySentence(change('Red', null), 'order')).toBe('Color cleared')
    expect(entrySentence({ ...change(null, null), kind: 'created' }, 'order')).toBe('Order created')
    expect(entrySentence({ ...change(null, null), kind: 'created' }, 'case')).toBe('Case created')
    expect(entrySentence(change('2025-01-05', '2025-02-01'), 'order', (value) => `<${value}>`)).toBe(
      'Color changed from <2025-01-05> to <2025-02-01>',
    )
  })

  it.each([
    ['invoice_payment', 'Payment posted', null, '$100.00 on INV-000001', 'Payment posted: $100.00 on INV-000001'],
    ['invoice', 'Invoice', null, 'INV-000001 Draft', 'Invoice: INV-000001 Draft'],
    [
      'invoice',
      'Invoice',
      'INV-000001 Draft',
      'INV-000001 Sent',
      'Invoice changed from INV-000001 Draft to INV-000001 Sent',
    ],
    ['fee_request', 'Fee request', null, 'Keys $75.00 Waiting', 'Fee request: Keys $75.00 Waiting'],
  ])('tells an invoice event (%s) as what happened', (field, label, oldValue, newValue, sentence) => {
    expect(entrySentence({ ...change(oldValue, newValue), field, label }, 'order')).toBe(sentence)
  })

  it('names who: the person, else the import, the RDN sync or the system', () => {
    expect(entryAuthor({ actor: { name: 'Dana Reed' }, source: 'person' })).toBe('Dana Reed')
    expect(entryAuthor({ actor: { name: 'Dana Reed' }, source: 'dashboard' })).toBe('Dana Reed')
    expect(entryAuthor({ actor: { name: 'Dana Reed' }, source: 'import' })).toBe('Dana Reed (Import)')
    expect(entryAuthor({ actor: null, source: 'import' })).toBe('Import')
    expect(entryAuthor({ actor: null, source: 'sync' })).toBe('RDN sync')
    expect(entryAuthor({ actor: null, source: 'system' })).toBe('System')
  })

  it('starts the form on Agent Update in the field and Office Note in the office', () => {
    expect(defaultNoteType('recovery_agent')).toBe('Agent Update')
    expect(defaultNoteType('camera_driver')).toBe('Agent Update')
    expect(defaultNoteType('something-else')).toBe('Agent Update')
    for (const role of ['admin', 'manager', 'field_manager', 'lot_manager', 'compliance_manager']) {
      expect(defaultNoteType(role)).toBe('Office Note')
    }
  })
})
