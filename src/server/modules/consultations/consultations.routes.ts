import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordBookingInput, scheduleAnswer } from '../../../contracts/consultations.ts';
import { errorAnswers } from '../../../contracts/errors.ts';
import type { ConsultationsService } from './consultations.service.ts';

const errors = errorAnswers(400, 401, 403);
const tags = ['consultations'];

/** GET and PATCH pm-schedule. Visitors may book too (the page is not prefilled); recording needs an account. */
export const consultationsRoutes: FastifyPluginAsyncZod<{ consultations: ConsultationsService }> = async (
  app,
  { consultations },
) => {
  app.get(
    '/api/pm-schedule',
    {
      schema: {
        tags,
        summary:
          'The booking page URL, prefilled with your name and e-mail ({url: null, configured: false} when off)',
        response: { 200: scheduleAnswer },
      },
    },
    async (request) => consultations.schedule(await request.optionalViewer()),
  );

  app.patch(
    '/api/pm-schedule',
    {
      schema: {
        tags,
        summary: 'Record the consultation you just booked on the scheduling page',
        body: recordBookingInput,
        response: { 200: scheduleAnswer, ...errors },
      },
    },
    async (request) => consultations.recordBooking(await request.requireViewer(), request.body.url),
  );
};
