import { describe, expect, it } from 'vitest'
import { jobRequestSchema, parseClientDetails } from './profile-schema'

const empty = { phoneNumber: '', nickname: '', givenName: '', familyName: '', website: '', building: '', road: '', town: '', county: '', postcode: '', companyName: '', ethereumAddress: '' }

describe('client details schema', () => {
  it('accepts an all-empty form (every attribute is optional)', () => {
    expect(parseClientDetails(empty)).toEqual({ success: true, data: empty })
  })

  it('trims values and accepts well-formed ones', () => {
    const result = parseClientDetails({ ...empty, phoneNumber: ' +44 (1422) 123-456 ', website: 'https://example.co.uk', ethereumAddress: '0x' + 'aB'.repeat(20), postcode: 'HX7 8AA' })
    expect(result.success).toBe(true)
    if (result.success) expect(result.data.phoneNumber).toBe('+44 (1422) 123-456')
  })

  it('names each field in error with its message', () => {
    const result = parseClientDetails({ ...empty, phoneNumber: '01422', website: 'example', ethereumAddress: '0x12', road: 'Mill Lane, Upper' })
    expect(result).toEqual({
      success: false,
      errors: {
        phoneNumber: 'Please use the international form, e.g. +441234567890',
        website: 'Please enter a full web address, e.g. https://example.com',
        ethereumAddress: 'Please enter a 0x address of 40 hexadecimal characters',
        road: 'Please leave out commas',
      },
    })
  })

  it('refuses scripts posing as a website and over-long values', () => {
    const result = parseClientDetails({ ...empty, website: 'javascript:alert(1)', nickname: 'x'.repeat(61) })
    expect(result.success).toBe(false)
    if (!result.success) expect(Object.keys(result.errors).sort()).toEqual(['nickname', 'website'])
  })

  it('reads FormData as the action receives it, missing fields as empty', () => {
    const form = new FormData()
    form.set('companyName', 'Moss Fabrication')
    const result = parseClientDetails(form)
    expect(result.success && result.data.companyName).toBe('Moss Fabrication')
  })
})

describe('job request schema', () => {
  it('defaults the priority to 3 and keeps 1..5', () => {
    expect(jobRequestSchema.parse({ job: '', reference: '', instructions: '' }).priority).toBe(3)
    expect(jobRequestSchema.parse({ job: 'a', reference: 'b', instructions: 'c', priority: '5' }).priority).toBe(5)
    expect(jobRequestSchema.safeParse({ job: '', reference: '', instructions: '', priority: '6' }).success).toBe(false)
    expect(jobRequestSchema.safeParse({ job: '', reference: '', instructions: '', priority: '0' }).success).toBe(false)
  })
})
