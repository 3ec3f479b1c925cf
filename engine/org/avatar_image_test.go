package org

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"testing"

	"github.com/stretchr/testify/require"
)

// A tall GIF is cropped to its middle, enlarged to AvatarSize and stored as
// PNG; a half-transparent pixel keeps its colour and alpha.
func TestSquareAvatarTallGIF(t *testing.T) {
	pal := color.Palette{color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}}
	src := image.NewPaletted(image.Rect(0, 0, 4, 12), pal)
	for y := 4; y < 8; y++ { // the middle 4x4 is blue
		for x := range 4 {
			src.SetColorIndex(x, y, 1)
		}
	}
	var in bytes.Buffer
	require.NoError(t, gif.Encode(&in, src, nil))
	out, ext, err := squareAvatar(&in)
	require.NoError(t, err)
	require.Equal(t, "png", ext)
	img, err := png.Decode(bytes.NewReader(out))
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, AvatarSize, AvatarSize), img.Bounds())
	for _, p := range []image.Point{{0, 0}, {AvatarSize - 1, AvatarSize - 1}, {AvatarSize / 2, 0}} {
		require.Equal(t, color.NRGBAModel.Convert(color.NRGBA{0, 0, 255, 255}), color.NRGBAModel.Convert(img.At(p.X, p.Y)), "%v", p)
	}

	half := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for y := range 2 {
		for x := range 2 {
			half.SetNRGBA(x, y, color.NRGBA{10, 200, 30, 128})
		}
	}
	got := scaleSquare(half, 4).NRGBAAt(3, 3) // within the rounding of 8-bit premultiplied colour
	require.Equal(t, uint8(128), got.A)
	for i, want := range []uint8{10, 200, 30} {
		require.InDelta(t, want, []uint8{got.R, got.G, got.B}[i], 1)
	}
}

func TestSquareAvatarRefusesTooManyPixels(t *testing.T) {
	// a PNG header claiming 10000x10000 pixels is refused before decoding
	var in bytes.Buffer
	require.NoError(t, png.Encode(&in, image.NewGray(image.Rect(0, 0, 1, 1))))
	raw := in.Bytes()
	copy(raw[16:24], []byte{0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10})
	binary.BigEndian.PutUint32(raw[29:33], crc32.ChecksumIEEE(raw[12:29])) // the IHDR chunk's checksum
	_, _, err := squareAvatar(bytes.NewReader(raw))
	require.Error(t, err)
	require.Contains(t, err.Error(), "avatar_is_too_large")
}
