"""bovine-herd (PyPI, pinned by scripts/bovine-herd.sh) as a peer for the e2e suites: an ActivityPub
server independent of Fedify. Usage: bovine-peer.py PORT DIR HANDLE...

It registers the handles on http://localhost:PORT, prints one JSON line (each handle's actor document
plus its private key, so that the suite can sign requests to the actor's outbox as that actor's client
would), then serves bovine-herd unchanged on 127.0.0.1:PORT. The only addition: every activity that
passed bovine's signature check at an inbox is appended to DIR/received.jsonl before bovine processes
it, so the suite can see what arrived (bovine keeps its inbox readable only through paged collections).
"""
import asyncio
import json
import sys

from hypercorn.asyncio import serve
from hypercorn.config import Config
from quart import Quart
from tortoise import Tortoise

from bovine_herd import BovineHerd, build_default_background_task_inbox
from bovine_store import bovine_admin_store
from bovine_store.models import BovineActor

port, directory, handles = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
db_url = f"sqlite://{directory}/bovine.sqlite3"


async def register():
    users = {}
    async with bovine_admin_store(db_url, domain=f"http://localhost:{port}") as store:
        await Tortoise.generate_schemas()
        for handle in handles:
            name = await store.register(handle)
            actor = (await store.actor_for_name(name)).actor_object.build()
            stored = await BovineActor.get(bovine_name=name).prefetch_related("keypairs")
            actor["privateKeyPem"] = next(k.private_key for k in stored.keypairs if k.name == "serverKey")
            users[handle] = actor
    return users


def recording_inbox(app):
    process = build_default_background_task_inbox(app)

    async def start(item, actor):
        with open(f"{directory}/received.jsonl", "a") as received:
            received.write(json.dumps({"recipient": actor.actor_object.id, "activity": item.data}) + "\n")
        await process(item, actor)

    return start


async def main():
    users = await register()
    app = Quart(__name__)
    BovineHerd(app, db_url=db_url, start_background_task_inbox=recording_inbox(app))
    print(json.dumps(users), flush=True)
    config = Config()
    config.bind = [f"127.0.0.1:{port}"]
    await serve(app, config)


asyncio.run(main())
