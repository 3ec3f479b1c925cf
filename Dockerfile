# The Portico binary with the web app embedded.
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN CGO_ENABLED=0 go build -trimpath -o /out/portico ./cmd/portico

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/portico /usr/local/bin/portico
USER nobody
ENV HOST=0.0.0.0 PORT=8080 BLOB_DIR=/data/blobs
EXPOSE 8080
ENTRYPOINT ["portico"]
CMD ["serve"]
