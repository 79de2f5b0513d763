import { z } from 'zod';

import { Uuid } from '../common';
import { Password } from './credentials';

/** What auth says when the re-entered password is wrong (under the field `password`). */
export const WRONG_PASSWORD = 'Your password is not correct.';

/** The signed-in user's password, re-entered to prove they are at the keyboard (not a stolen token). */
export const ConfirmPasswordCommand = z.object({ userId: Uuid, password: Password }).strict();
export type ConfirmPasswordCommand = z.infer<typeof ConfirmPasswordCommand>;
