import { ProblemError } from '@kitty/nest-common';
import { Injectable } from '@nestjs/common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/** zxcvbn's scale is 0–4; 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_PASSWORD_SCORE = 3;
/** Shorter local parts ("al@…") would refuse half the dictionary; the full address is always checked. */
const MIN_LOCAL_PART_LENGTH = 3;

export interface PasswordOwner {
  email: string;
  fullName: string;
}

/**
 * Sign-up's password rules beyond length: not built from the owner's e-mail, and not guessable by an
 * estimator that knows the common-password lists (zxcvbn-ts with its common and English dictionaries).
 * Sign-in never applies them, so passwords chosen before the rules keep working.
 */
@Injectable()
export class PasswordPolicy {
  private readonly estimator = new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });

  /** Why `password` is refused, or null when it is acceptable. */
  reasonToRefuse(password: string, owner: PasswordOwner): string | null {
    const lowered = password.toLowerCase();
    const email = owner.email.toLowerCase();
    const localPart = email.split('@')[0] ?? '';
    if (
      lowered.includes(email) ||
      (localPart.length >= MIN_LOCAL_PART_LENGTH && lowered.includes(localPart))
    ) {
      return 'Your password must not contain your e-mail address.';
    }
    const { score, feedback } = this.estimator.check(password, [
      email,
      localPart,
      ...owner.fullName.split(/\s+/),
    ]);
    if (score >= MIN_PASSWORD_SCORE) return null;
    const advice = [feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
    return `This password is too easy to guess.${advice ? ` ${advice}` : ''}`;
  }

  /** A 400 naming the form's field (`password`, or `newPassword` on a change), shown under that field. */
  assertAcceptable(password: string, owner: PasswordOwner, field = 'password'): void {
    const reason = this.reasonToRefuse(password, owner);
    if (reason) {
      throw ProblemError.of(400, 'Choose a stronger password', reason, [{ field, message: reason }]);
    }
  }
}
