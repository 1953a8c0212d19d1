import { describe, expect, it } from 'vitest'
import { fieldValueFormat, plainFieldValue, timelineField, timestampTextToIso } from './timeline-fields'

describe('timeline fields', () => {
  it('labels the fields a person reads on the order and the case', () => {
    expect(timelineField('order', 'status')).toEqual({ label: 'Status', value: 'text' })
    expect(timelineField('order', 'assigned_agent_id')).toEqual({ label: 'Recovery agent', value: 'person' })
    expect(timelineField('order', 'assigned_camera_driver_id')).toEqual({ label: 'Camera car driver', value: 'person' })
    expect(timelineField('order', 'client_id')).toEqual({ label: 'Client', value: 'client' })
    expect(timelineField('order', 'due_date')).toEqual({ label: 'Due date', value: 'date' })
    expect(timelineField('order', 'key_job')).toEqual({ label: 'Key job', value: 'key_job' })
    expect(timelineField('order', 'keys_obtained')).toEqual({ label: 'Keys obtained', value: 'boolean' })
    expect(timelineField('case', 'assigned_agent_id')).toEqual({ label: 'Recovery agent', value: 'rdn_agent' })
    expect(timelineField('case', 'time_marked_repossessed')).toEqual({ label: 'Repossessed at', value: 'datetime' })
    expect(timelineField('case', 'substatus').label).toBe('Sub-status')
    expect(timelineField('order', 'some_new_field_id')).toEqual({ label: 'Some new field', value: 'text' })
  })

  it('reads stored values as people do', () => {
    expect(plainFieldValue('boolean', 'true')).toBe('Yes')
    expect(plainFieldValue('boolean', 'false')).toBe('No')
    expect(plainFieldValue('priority', 'high')).toBe('High')
    expect(plainFieldValue('key_job', 'scheduled')).toBe('Locksmith scheduled')
    expect(plainFieldValue('date', '2025-01-05')).toBe('2025-01-05')
    expect(plainFieldValue('datetime', '2025-03-04 10:00:00+00')).toBe('2025-03-04T10:00:00.000Z')
    expect(plainFieldValue('text', 'Blue')).toBe('Blue')
    expect(plainFieldValue('person', 'x')).toBeNull()
    expect(fieldValueFormat('date')).toBe('date')
    expect(fieldValueFormat('person')).toBe('text')
  })

  it('reads PostgreSQL timestamptz text in any offset as ISO', () => {
    expect(timestampTextToIso('2025-03-04 10:00:00.25+00')).toBe('2025-03-04T10:00:00.250Z')
    expect(timestampTextToIso('2025-03-04 15:30:00+05:30')).toBe('2025-03-04T10:00:00.000Z')
    expect(timestampTextToIso('2025-03-04 05:00:00-05')).toBe('2025-03-04T10:00:00.000Z')
    expect(timestampTextToIso('yesterday')).toBeNull()
  })
})
