# berserk-judge, the Discord bot. Build: docker build -t berserk-judge .
# Run: see docker-compose.yml and docs/discord.md.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BERSERK_DATA_DIR=/app/.data \
    BERSERK_STATE_DIR=/data \
    BERSERK_HEARTBEAT_FILE=/tmp/berserk-judge.heartbeat

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin judge
WORKDIR /app

# Code and dependencies first: a corpus-only change reuses this install layer.
COPY pyproject.toml README.md ./
COPY bot ./bot
RUN pip install -e . && mkdir -p /app/.data /data && chown judge:judge /app/.data /data

COPY rules ./rules
COPY cards ./cards
COPY cases ./cases

USER judge
# The corpus index is built now, into the image; at run time the corpus is only read.
RUN berserk-judge index

VOLUME ["/data"]
# The one health check (compose uses it too): healthy while the heartbeat file, advanced only
# when connected and ready, is fresh. The file is in /tmp, not in the volume, so a new container
# never reads an old run's heartbeat (the bot also removes it on start). Docker only marks the
# container unhealthy; what restarts it: docs/discord.md, "Docker".
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.chat.heartbeat", "--max-age", "90"]
CMD ["berserk-judge"]
