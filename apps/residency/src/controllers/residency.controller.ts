import { GetResidencyQuery, ResidencyPatterns } from '@kitty/contracts';
import { parseOrThrow } from '@kitty/nest-common';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';

import { ResidencyService } from '../services/residency.service';

@Controller()
export class ResidencyController {
  constructor(private readonly residency: ResidencyService) {}

  @MessagePattern(ResidencyPatterns.get)
  get(@Payload() payload: unknown) {
    return this.residency.get(parseOrThrow(GetResidencyQuery, payload).userId);
  }
}
