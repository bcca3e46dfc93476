/** The New/Edit Entity form's values and body (spec §2.4, §5: only the name is required). */
import { ENTITY_NAME_REQUIRED, type Entity, type EntityBody } from '@mindspend/api-contract';

export interface EntityFormValues {
  name: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string | null;
  zipcode: string;
}

export const EMPTY_ENTITY: EntityFormValues = { name: '', addressLine1: '', addressLine2: '', city: '', state: null, zipcode: '' };

export function entityFormFrom(entity: Entity): EntityFormValues {
  return {
    name: entity.name,
    addressLine1: entity.address_line1 ?? '',
    addressLine2: entity.address_line2 ?? '',
    city: entity.city ?? '',
    state: entity.state,
    zipcode: entity.zipcode ?? '',
  };
}

/** Spec §5: the name is required and nothing is sent without it. */
export function entityFormErrors(values: EntityFormValues): string[] {
  return values.name.trim() === '' ? [ENTITY_NAME_REQUIRED] : [];
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST body; the update sends the zipcode as `postal` (spec §3). */
export function entityBodyFrom(values: EntityFormValues, forUpdate: boolean): EntityBody {
  const zip = orNull(values.zipcode);
  return {
    name: values.name.trim(),
    address_line1: orNull(values.addressLine1),
    address_line2: orNull(values.addressLine2),
    city: orNull(values.city),
    state: values.state,
    ...(forUpdate ? { postal: zip } : { zipcode: zip }),
  };
}
