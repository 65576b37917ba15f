import Fastify from 'fastify';

// The baseline of the throughput ratio: a bare Fastify route answering a record of similar size.
const record = {
  data: {
    id: '3f1c6a57-6f1e-4b55-9c61-0d6f0b0c6a11',
    contactType: 'company',
    name: 'Bench contact',
    email: null,
    isActive: true,
    isBillable: false,
    tags: [],
  },
};
const app = Fastify({ logger: false });
app.get('/api/v1/contacts/:id', async () => record);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening at ${address}/api/v1\n`);
