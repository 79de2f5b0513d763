import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { ApiRoutes, requestParams } from '../core/api';
import { expandObject, FindById } from '../core/expand';
import { expandParam, parseParams } from '../core/params';
import { PaymentIntentsService } from './payment-intents.service';

type WithId = { Params: { id: string } };

const retrieveParams = z.strictObject({ expand: expandParam() });

/** Read-only: intents and methods are created by Checkout, never directly. */
export const paymentIntentRoutes =
  (paymentIntents: PaymentIntentsService, findById: FindById): ApiRoutes =>
  (api: FastifyInstance) => {
    api.get<WithId>('/payment_intents/:id', (request) => {
      const { expand = [] } = parseParams(retrieveParams, requestParams(request));
      return expandObject(paymentIntents.intents.require(request.params.id, 'intent'), expand, findById);
    });

    api.get<WithId>('/payment_methods/:id', (request) => {
      const { expand = [] } = parseParams(retrieveParams, requestParams(request));
      return expandObject(
        paymentIntents.methods.require(request.params.id, 'payment_method'),
        expand,
        findById,
      );
    });
  };
