import { CreateContactMessageCommand, NotificationsPatterns } from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { ContactService } from '../services/contact.service';

@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @MessagePattern(NotificationsPatterns.createContactMessage)
  create(@Payload() payload: unknown) {
    return this.contact.create(parseOrThrow(CreateContactMessageCommand, payload));
  }
}
