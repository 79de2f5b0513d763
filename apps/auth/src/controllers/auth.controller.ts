import {
  AuthPatterns,
  GetUserQuery,
  RefreshCommand,
  SignInCommand,
  SignOutCommand,
  SignUpCommand,
  UpdateProfileCommand,
} from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { AuthService } from '../services/auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(AuthPatterns.signUp)
  signUp(@Payload() payload: unknown) {
    return this.auth.signUp(parseOrThrow(SignUpCommand, payload));
  }

  @MessagePattern(AuthPatterns.signIn)
  signIn(@Payload() payload: unknown) {
    return this.auth.signIn(parseOrThrow(SignInCommand, payload));
  }

  @MessagePattern(AuthPatterns.refresh)
  refresh(@Payload() payload: unknown) {
    return this.auth.refresh(parseOrThrow(RefreshCommand, payload));
  }

  @MessagePattern(AuthPatterns.signOut)
  async signOut(@Payload() payload: unknown) {
    await this.auth.signOut(parseOrThrow(SignOutCommand, payload));
    return { ok: true };
  }

  @MessagePattern(AuthPatterns.getUser)
  getUser(@Payload() payload: unknown) {
    return this.auth.getUser(parseOrThrow(GetUserQuery, payload).userId);
  }

  @MessagePattern(AuthPatterns.updateProfile)
  updateProfile(@Payload() payload: unknown) {
    return this.auth.updateProfile(parseOrThrow(UpdateProfileCommand, payload));
  }
}
