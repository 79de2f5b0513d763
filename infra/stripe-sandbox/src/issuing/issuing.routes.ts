import type { FastifyInstance } from 'fastify';

import { ApiRoutes, requestParams } from '../core/api';
import { parseParams } from '../core/params';
import { createCardholderParams, createCardParams, retrieveParams, updateCardParams } from './issuing.params';
import { IssuingService } from './issuing.service';

type WithId = { Params: { id: string } };

/** Issuing objects embed what they refer to (a card its cardholder), so `expand` has nothing to add. */
export const issuingRoutes =
  (issuing: IssuingService): ApiRoutes =>
  (api: FastifyInstance) => {
    api.post('/issuing/cardholders', (request) =>
      issuing.createCardholder(parseParams(createCardholderParams, requestParams(request)), request.stripe),
    );

    api.get<WithId>('/issuing/cardholders/:id', (request) => {
      parseParams(retrieveParams, requestParams(request));
      return issuing.retrieveCardholder(request.params.id, request.stripe);
    });

    api.post('/issuing/cards', (request) =>
      issuing.createCard(parseParams(createCardParams, requestParams(request)), request.stripe),
    );

    api.get<WithId>('/issuing/cards/:id', (request) => {
      parseParams(retrieveParams, requestParams(request));
      return issuing.retrieveCard(request.params.id, request.stripe);
    });

    api.post<WithId>('/issuing/cards/:id', (request) =>
      issuing.updateCard(
        request.params.id,
        parseParams(updateCardParams, requestParams(request)),
        request.stripe,
      ),
    );
  };
