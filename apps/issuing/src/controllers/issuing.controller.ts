import {
  CardQuery,
  IssuingPatterns,
  OnboardingQuery,
  PaymentAccountCommand,
  ProvisionWalletCommand,
  SetCardStatusCommand,
  UpdateKycCommand,
  VerificationQuery,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { OnboardingService } from '../accounts/onboarding.service';
import { VirtualCardService } from '../cards/virtual-card.service';

@Controller()
export class IssuingController {
  constructor(
    private readonly onboarding: OnboardingService,
    private readonly cards: VirtualCardService,
  ) {}

  @MessagePattern(IssuingPatterns.getOnboarding)
  getOnboarding(@Payload() payload: unknown) {
    return this.onboarding.currentStatus(parseOrThrow(OnboardingQuery, payload).caller);
  }

  @MessagePattern(IssuingPatterns.createAccount)
  createAccount(@Payload() payload: unknown) {
    return this.onboarding.createAccount(parseOrThrow(PaymentAccountCommand, payload).caller);
  }

  @MessagePattern(IssuingPatterns.updateKyc)
  updateKyc(@Payload() payload: unknown) {
    const { caller, body } = parseOrThrow(UpdateKycCommand, payload);
    return this.onboarding.updateKyc(caller, body);
  }

  @MessagePattern(IssuingPatterns.recreateAccount)
  recreateAccount(@Payload() payload: unknown) {
    return this.onboarding.recreateAccount(parseOrThrow(PaymentAccountCommand, payload).caller);
  }

  @MessagePattern(IssuingPatterns.createCard)
  createCard(@Payload() payload: unknown) {
    return this.cards.create(parseOrThrow(CardQuery, payload).caller);
  }

  @MessagePattern(IssuingPatterns.getCard)
  getCard(@Payload() payload: unknown) {
    return this.cards.current(parseOrThrow(CardQuery, payload).caller);
  }

  @MessagePattern(IssuingPatterns.setCardStatus)
  setCardStatus(@Payload() payload: unknown) {
    const { caller, body } = parseOrThrow(SetCardStatusCommand, payload);
    return this.cards.setStatus(caller, body);
  }

  @MessagePattern(IssuingPatterns.provisionWallet)
  provisionWallet(@Payload() payload: unknown) {
    const { caller, body } = parseOrThrow(ProvisionWalletCommand, payload);
    return this.cards.provisionWallet(caller, body.walletType);
  }

  @MessagePattern(IssuingPatterns.getVerification)
  getVerification(@Payload() payload: unknown) {
    return this.onboarding.verification(parseOrThrow(VerificationQuery, payload).userId);
  }
}
