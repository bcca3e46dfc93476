import { describe, expect, it } from 'vitest';
import { EMPTY_ENTITY, entityBodyFrom, entityFormErrors } from './entity-form';

describe('entity form', () => {
  it('requires the name and nothing else', () => {
    expect(entityFormErrors({ ...EMPTY_ENTITY, name: '  ' })).toEqual(['The name field is required.']);
    expect(entityFormErrors({ ...EMPTY_ENTITY, name: 'Market' })).toEqual([]);
  });

  it('sends the zipcode as zipcode on create and as postal on update, blanks as null', () => {
    const values = { name: ' Market ', addressLine1: '1 Main St', addressLine2: '', city: 'Portland', state: 'OR', zipcode: '97201' };
    expect(entityBodyFrom(values, false)).toEqual({ name: 'Market', address_line1: '1 Main St', address_line2: null, city: 'Portland', state: 'OR', zipcode: '97201' });
    expect(entityBodyFrom(values, true)).toEqual({ name: 'Market', address_line1: '1 Main St', address_line2: null, city: 'Portland', state: 'OR', postal: '97201' });
  });
});
