import { z } from 'zod';
import { MSG } from '../messages';
import { emailSchema, requiredText } from './common';

/** Staff My Profile and PUT /users/{id} (spec section 5: all three required). */
export const staffProfileSchema = z.object({
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailSchema,
});
export type StaffProfileInput = z.infer<typeof staffProfileSchema>;
