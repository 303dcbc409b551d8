-- One PostgreSQL cluster, one database per service that owns data (the gateway has none), so each
-- service's knex migrations table and schema stay its own. Runs once, on an empty data volume.
CREATE DATABASE accounts;
CREATE DATABASE statuses;
CREATE DATABASE timelines;
CREATE DATABASE federation;
CREATE DATABASE media;
CREATE DATABASE trends;
CREATE DATABASE moderation;
