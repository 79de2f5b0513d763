import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { ApiRoutes, requestParams } from '../core/api';
import { expandObject, FindById, listItemPaths } from '../core/expand';
import { expandParam, formArray, listParams, parseParams, rangeParam } from '../core/params';
import { EventsService } from './events.service';

type WithId = { Params: { id: string } };

const retrieveEventParams = z.strictObject({ expand: expandParam() });

const listEventsParams = z.strictObject({
  ...listParams,
  type: z.string().min(1).optional(),
  types: formArray(z.string().min(1), { min: 1, max: 20 }).optional(),
  created: rangeParam().optional(),
});

export const eventRoutes =
  (events: EventsService, findById: FindById): ApiRoutes =>
  (api: FastifyInstance) => {
    api.get('/events', (request) => {
      const { type, types, created, expand, ...page } = parseParams(listEventsParams, requestParams(request));
      const list = events.list({ type, types, created }, page);
      const itemExpand = listItemPaths(expand);
      return { ...list, data: list.data.map((event) => expandObject(event, itemExpand, findById)) };
    });

    api.get<WithId>('/events/:id', (request) => {
      const { expand = [] } = parseParams(retrieveEventParams, requestParams(request));
      return expandObject(events.retrieve(request.params.id, request.stripe.account), expand, findById);
    });
  };
