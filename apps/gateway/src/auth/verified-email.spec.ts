import type { RpcClient } from '@kitty/nest-common';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

import { signedInCaller } from '../rpc/signed-in-caller';
import type { AuthenticatedUser } from './jwt-auth.guard';
import { RequiresVerifiedEmail, VerifiedEmail, VerifiedEmailGuard } from './verified-email';

class Routes {
  @RequiresVerifiedEmail('add funds')
  addFunds() {}

  open() {}
}

function contextFor(
  handler: keyof Routes,
  user: AuthenticatedUser = { id: 'u1', email: 'a@b.co', name: 'A' },
) {
  return {
    getHandler: () => Routes.prototype[handler],
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
  } as unknown as ExecutionContext;
}

function guardWith(emailVerified: boolean) {
  const call = jest.fn().mockResolvedValue({ id: 'u1', email: 'a@b.co', fullName: 'A', emailVerified });
  const guard = new VerifiedEmailGuard(new Reflector(), new VerifiedEmail({ call } as unknown as RpcClient));
  return { guard, call };
}

describe('VerifiedEmailGuard', () => {
  it("refuses an unconfirmed address with 403 'Verify your e-mail' naming the action", async () => {
    const { guard } = guardWith(false);
    await expect(guard.canActivate(contextFor('addFunds'))).rejects.toMatchObject({
      problem: {
        status: 403,
        title: 'Verify your e-mail',
        detail: 'Confirm your e-mail address to add funds.',
      },
    });
  });

  it('lets a confirmed address through, asking auth at the moment of the command', async () => {
    const { guard, call } = guardWith(true);
    await expect(guard.canActivate(contextFor('addFunds'))).resolves.toBe(true);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ pattern: 'auth.user.get.v1' }), {
      userId: 'u1',
    });
  });

  it("marks the request's user as confirmed only when auth says so (the command's caller carries it)", async () => {
    const confirmed: AuthenticatedUser = { id: 'u1', email: 'a@b.co', name: 'A' };
    await guardWith(true).guard.canActivate(contextFor('addFunds', confirmed));
    expect(signedInCaller(confirmed)).toEqual({
      userId: 'u1',
      email: 'a@b.co',
      name: 'A',
      emailVerified: true,
    });

    const unconfirmed: AuthenticatedUser = { id: 'u1', email: 'a@b.co', name: 'A' };
    await expect(guardWith(false).guard.canActivate(contextFor('addFunds', unconfirmed))).rejects.toThrow();
    await guardWith(true).guard.canActivate(contextFor('open', unconfirmed));
    expect(signedInCaller(unconfirmed)).toEqual({ userId: 'u1', email: 'a@b.co', name: 'A' });
  });

  it('does not ask about routes without the decorator', async () => {
    const { guard, call } = guardWith(false);
    await expect(guard.canActivate(contextFor('open'))).resolves.toBe(true);
    expect(call).not.toHaveBeenCalled();
  });
});
