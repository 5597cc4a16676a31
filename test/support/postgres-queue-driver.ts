/** Setup of the jest project `integration:postgres-queue`: testConfig() then selects the postgres driver. */
process.env.HERALD_TEST_QUEUE_DRIVER = 'postgres';
