import { type CreateContactMessageCommand, NotificationsRpc } from '@kitty/contracts';
import { RpcHandler } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';

import { ContactService } from './contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @RpcHandler(NotificationsRpc.createContactMessage)
  create(command: CreateContactMessageCommand) {
    return this.contact.create(command);
  }
}
