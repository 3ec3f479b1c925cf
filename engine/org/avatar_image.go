package org

import (
	"bufio"
	"bytes"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // GIF avatars are decoded (and stored as PNG)
	"image/jpeg"
	"image/png"
	"io"

	"portico/engine/apperr"
)

const (
	// AvatarSize is the side of a stored avatar in pixels.
	AvatarSize = 256
	// AvatarMaxBytes is the largest avatar upload.
	AvatarMaxBytes = 5 << 20
	// avatarMaxPixels refuses images whose decoding alone would take too much memory.
	avatarMaxPixels = 40_000_000
)

func avatarError(message string) *apperr.Error {
	return &apperr.Error{Code: apperr.ArgumentError, Message: message, Field: "content"}
}

// squareAvatar decodes an uploaded PNG, JPEG or GIF, crops its centre square,
// scales it to AvatarSize and encodes it afresh: JPEG stays JPEG, the rest
// becomes PNG. Only pixels are carried over, so no EXIF or other metadata
// survives. It answers the bytes and the file extension (png or jpg).
func squareAvatar(r io.Reader) ([]byte, string, error) {
	raw, err := io.ReadAll(io.LimitReader(r, AvatarMaxBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(raw) > AvatarMaxBytes {
		return nil, "", avatarError("avatar_is_too_large")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, "", avatarError("avatar_is_not_an_image")
	}
	if int64(cfg.Width)*int64(cfg.Height) > avatarMaxPixels {
		return nil, "", avatarError("avatar_is_too_large")
	}
	src, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, "", avatarError("avatar_is_not_an_image")
	}
	out := scaleSquare(src, AvatarSize)
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	ext := "png"
	if format == "jpeg" {
		ext = "jpg"
		err = jpeg.Encode(w, out, &jpeg.Options{Quality: 88})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(w, out)
	}
	if err == nil {
		err = w.Flush()
	}
	return buf.Bytes(), ext, err
}

// scaleSquare crops src's centre square and scales it to size x size,
// averaging the source pixels under each target pixel (a box filter, which
// suits the downscaling avatars nearly always are; small images are enlarged
// by the same rule, pixel by pixel).
func scaleSquare(src image.Image, size int) *image.NRGBA {
	b := src.Bounds()
	side := min(b.Dx(), b.Dy())
	x0, y0 := b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2
	// work on straight RGBA so the averaging is simple and the alpha kept
	sq := image.NewRGBA(image.Rect(0, 0, side, side))
	draw.Draw(sq, sq.Bounds(), src, image.Pt(x0, y0), draw.Src)
	out := image.NewNRGBA(image.Rect(0, 0, size, size))
	for ty := range size {
		sy0, sy1 := ty*side/size, max((ty+1)*side/size, ty*side/size+1)
		for tx := range size {
			sx0, sx1 := tx*side/size, max((tx+1)*side/size, tx*side/size+1)
			var r, g, bl, a, n uint64
			for y := sy0; y < sy1; y++ {
				i := sq.PixOffset(sx0, y)
				for x := sx0; x < sx1; x++ {
					p := sq.Pix[i : i+4 : i+4]
					r, g, bl, a = r+uint64(p[0]), g+uint64(p[1]), bl+uint64(p[2]), a+uint64(p[3])
					n++
					i += 4
				}
			}
			// premultiplied averages, at 16 bits so that converting back to
			// straight colour loses nothing
			out.Set(tx, ty, color.RGBA64{uint16(r * 0x101 / n), uint16(g * 0x101 / n), uint16(bl * 0x101 / n), uint16(a * 0x101 / n)})
		}
	}
	return out
}
