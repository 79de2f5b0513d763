import {
  MarkNotificationsReadRequest,
  NotificationCentreRpc,
  NotificationInbox,
  NotificationPreferences,
  UpdateNotificationPreferencesRequest,
} from '@kitty/contracts';
import { RpcClient } from '@kitty/nest-common';
import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';

import { CurrentUser } from '../auth/current-user.decorator';
import type { AuthenticatedUser } from '../auth/jwt-auth.guard';
import { schemaRef } from '../http/openapi';
import { ApiProblems } from '../http/problem-responses';
import { ZodBody } from '../http/zod-body';

/** The notification centre: the caller's own notifications and what they want to hear of. */
@Controller()
@ApiTags('notifications')
@ApiBearerAuth()
@ApiProblems(401)
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('notifications')
  @ApiOperation({
    operationId: 'listNotifications',
    summary: "The caller's newest notifications and how many are unread",
  })
  @ApiOkResponse({ schema: schemaRef(NotificationInbox) })
  inbox(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(NotificationCentreRpc.getInbox, { userId: user.id });
  }

  @Post('notifications/read')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'markNotificationsRead',
    summary: "Marks the caller's notifications read: those named, or all without ids",
  })
  @ApiBody({ schema: schemaRef(MarkNotificationsReadRequest) })
  @ApiNoContentResponse()
  @ApiProblems(400)
  async markRead(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(MarkNotificationsReadRequest) body: MarkNotificationsReadRequest,
  ): Promise<void> {
    await this.rpc.call(NotificationCentreRpc.markRead, { userId: user.id, body });
  }

  @Get('me/notification-preferences')
  @ApiOperation({
    operationId: 'getNotificationPreferences',
    summary: 'For each kind of notification: in the app, by e-mail, both or neither',
  })
  @ApiOkResponse({ schema: schemaRef(NotificationPreferences) })
  preferences(@CurrentUser() user: AuthenticatedUser) {
    return this.rpc.call(NotificationCentreRpc.getPreferences, { userId: user.id });
  }

  @Put('me/notification-preferences')
  @ApiOperation({
    operationId: 'updateNotificationPreferences',
    summary: 'Changes the kinds named; answers all of them',
  })
  @ApiBody({ schema: schemaRef(UpdateNotificationPreferencesRequest) })
  @ApiOkResponse({ schema: schemaRef(NotificationPreferences) })
  @ApiProblems(400)
  updatePreferences(
    @CurrentUser() user: AuthenticatedUser,
    @ZodBody(UpdateNotificationPreferencesRequest) body: UpdateNotificationPreferencesRequest,
  ) {
    return this.rpc.call(NotificationCentreRpc.updatePreferences, { userId: user.id, body });
  }
}
