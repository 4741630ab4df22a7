# One image for every process of the service; docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
# The guides /docs serves from the repository's Markdown (api/web/docs/repository-guides.tsx).
COPY --from=build /app/docs ./docs
# DATA_DIR of docker-compose.yml (generated secrets, admin-url, blobs): created and owned by the user the
# processes run as, so that the named volume mounted there starts out writable by it (Docker copies the image
# directory's ownership into an empty named volume).
RUN mkdir -p /var/lib/pvs/blobs && chown -R node:node /var/lib/pvs
USER node
EXPOSE 3000
CMD ["node", "--max-semi-space-size=64", "dist/bin/api.js"]
