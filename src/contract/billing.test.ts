import { describe, expect, it } from 'vitest';
import { billingAddressSchema, formatBillingDate, formatCents, isAddressComplete } from './billing.ts';

const address = { name: 'Ada Lovelace', line1: '1 Market St', city: 'Philadelphia', state: 'PA', postalCode: '19103', country: 'US' };

describe('billing address (checkout step 1)', () => {
  it('is complete with name, street, city, postal code and country; a state where the country needs one', () => {
    expect(isAddressComplete(address)).toBe(true);
    expect(isAddressComplete({ ...address, state: '' })).toBe(false);
    expect(isAddressComplete({ ...address, country: 'GB', state: '' })).toBe(true);
    expect(isAddressComplete({ ...address, line1: '   ' })).toBe(false);
    expect(isAddressComplete({ ...address, country: 'usa' })).toBe(false);
  });

  it('trims what it keeps and defaults the optional lines', () => {
    expect(billingAddressSchema.parse({ ...address, city: '  Philadelphia ' })).toEqual({ ...address, line2: '' });
  });
});

describe('formatting', () => {
  it('cents as dollars, dates as on the bill', () => {
    expect(formatCents(10599)).toBe('$105.99');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatBillingDate('2027-12-23T23:30:00Z')).toBe('December 23, 2027');
  });
});
