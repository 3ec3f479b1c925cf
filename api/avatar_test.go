package api_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const avatarUpload = `mutation ($id: ID!, $file: Upload!) { updateAvatar(userId: $id, content: $file) { avatar errors { code field message } } }`

type avatarPayload struct {
	Avatar *string
	Errors []struct{ Code, Field, Message string }
}

func (c *client) setAvatar(userID, filename string, content []byte) avatarPayload {
	c.t.Helper()
	res := c.uploadAs(avatarUpload, map[string]any{"id": userID}, filename, content)
	require.Empty(c.t, res.Errors)
	var out avatarPayload
	require.NoError(c.t, json.Unmarshal(res.Data["updateAvatar"], &out))
	return out
}

func (c *client) avatarURL() *string {
	c.t.Helper()
	_, body := c.get("/api/init.json")
	var out struct {
		User struct {
			Avatar *string `json:"avatar"`
		} `json:"user"`
	}
	require.NoError(c.t, json.Unmarshal(body, &out))
	return out.User.Avatar
}

// wideImage is w x h: green in its centre square, red to either side, so a
// centre crop is all green.
func wideImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{200, 0, 0, 255}
			if x >= (w-h)/2 && x < (w-h)/2+h {
				c = color.NRGBA{0, 180, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

func encodePNG(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, img))
	return b.Bytes()
}

// jpegWithExif is a JPEG carrying an EXIF segment (with a GPS-like marker
// text) right after its start marker.
func jpegWithExif(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	require.NoError(t, jpeg.Encode(&b, img, nil))
	payload := append([]byte("Exif\x00\x00"), []byte("SECRET-GPS-60.17N-24.94E")...)
	seg := append([]byte{0xFF, 0xE1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}, payload...)
	raw := b.Bytes()
	return append(append(append([]byte{}, raw[:2]...), seg...), raw[2:]...)
}

// Avatars (issue 14 item 3): uploaded, cropped to the centre square at
// 256x256, re-encoded without metadata, served with caching headers to those
// who may see the user and 404 to others; bad input changes nothing;
// removing goes back to none.
func TestAvatarUploadServeAndRemove(t *testing.T) {
	e := setup(t, true)
	users := map[string]*client{}
	for _, email := range []string{"anna@acme.test", "carl@acme.test", "eva@borealis.test", "admin@portico.test", "agent@portico.test"} {
		c := e.client(t)
		c.signIn(email)
		users[strings.Split(email, "@")[0]] = c
	}
	anna := users["anna"]
	annaID := userUUID(t, anna)
	require.Nil(t, anna.avatarURL(), "the demo starts without avatars")

	// a wide PNG: stored as a 256x256 PNG of its centre
	got := anna.setAvatar(annaID, "me.png", encodePNG(t, wideImage(600, 200)))
	require.Empty(t, got.Errors)
	require.NotNil(t, got.Avatar)
	require.Regexp(t, regexp.MustCompile(`^/api/avatars/`+annaID+`/[0-9a-f]{16}\.png$`), *got.Avatar)
	require.Equal(t, got.Avatar, anna.avatarURL(), "init.json (the header) has it")
	pngURL := *got.Avatar

	res, body := anna.get(pngURL)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "image/png", res.Header.Get("Content-Type"))
	require.Equal(t, "private, max-age=31536000, immutable", res.Header.Get("Cache-Control"))
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)
	pic, err := png.Decode(bytes.NewReader(body))
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 256, 256), pic.Bounds())
	for _, p := range []image.Point{{0, 0}, {255, 0}, {0, 255}, {255, 255}, {128, 128}} {
		r, g, b, _ := pic.At(p.X, p.Y).RGBA()
		require.Equal(t, [3]uint32{0, 180, 0}, [3]uint32{r >> 8, g >> 8, b >> 8}, "pixel %v is the centre's green", p)
	}

	// revalidation by ETag
	req, _ := http.NewRequest(http.MethodGet, anna.base+pngURL, nil)
	req.Header.Set("If-None-Match", etag)
	cached, err := anna.http.Do(req)
	require.NoError(t, err)
	cached.Body.Close()
	require.Equal(t, http.StatusNotModified, cached.StatusCode)

	// who may see Anna sees her avatar; Borealis's Eva and the signed-out do not
	for name, want := range map[string]int{"carl": 200, "admin": 200, "agent": 200, "eva": 404} {
		res, _ := users[name].get(pngURL)
		require.Equal(t, want, res.StatusCode, name)
	}
	anon, _ := e.client(t).get(pngURL)
	require.Equal(t, http.StatusUnauthorized, anon.StatusCode)

	// a JPEG with EXIF: stays JPEG, the EXIF is gone; the old version is no longer served
	got = anna.setAvatar(annaID, "me.jpg", jpegWithExif(t, wideImage(300, 400)))
	require.Empty(t, got.Errors)
	require.True(t, strings.HasSuffix(*got.Avatar, ".jpg"), *got.Avatar)
	res, body = anna.get(*got.Avatar)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "image/jpeg", res.Header.Get("Content-Type"))
	require.NotContains(t, string(body), "SECRET-GPS")
	require.NotContains(t, string(body), "Exif")
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(body))
	require.NoError(t, err)
	require.Equal(t, [2]int{256, 256}, [2]int{cfg.Width, cfg.Height})
	old, _ := anna.get(pngURL)
	require.Equal(t, http.StatusNotFound, old.StatusCode, "a replaced version is gone")
	jpgURL := *got.Avatar

	// bad input: the catalogue's error on content, nothing changed
	for _, c := range []struct {
		name, message string
		content       []byte
	}{
		{"notes.txt", "avatar_is_not_an_image", []byte("hello, not a picture")},
		{"huge.png", "avatar_is_too_large", append(encodePNG(t, wideImage(20, 10)), make([]byte, 5<<20)...)},
	} {
		got = anna.setAvatar(annaID, c.name, c.content)
		require.Nil(t, got.Avatar, c.name)
		require.Len(t, got.Errors, 1, c.name)
		require.Equal(t, "ARGUMENT_ERROR", got.Errors[0].Code, c.name)
		require.Equal(t, "content", got.Errors[0].Field, c.name)
		require.Equal(t, c.message, got.Errors[0].Message, c.name)
		require.Equal(t, jpgURL, *anna.avatarURL(), c.name)
	}

	// another user cannot change Anna's avatar, not even in her company
	got = users["carl"].setAvatar(annaID, "me.png", encodePNG(t, wideImage(10, 10)))
	require.Len(t, got.Errors, 1)
	require.Equal(t, "RECORD_NOT_FOUND", got.Errors[0].Code)
	require.Equal(t, jpgURL, *anna.avatarURL())

	// removing: back to none, and the picture is not served
	status, out := anna.graphql(`mutation ($id: ID!) { removeAvatar(userId: $id) { avatar errors { code } } }`, map[string]any{"id": annaID})
	require.Equal(t, http.StatusOK, status)
	require.JSONEq(t, `{"avatar":null,"errors":[]}`, string(out.Data["removeAvatar"]))
	require.Nil(t, anna.avatarURL())
	gone, _ := users["carl"].get(jpgURL)
	require.Equal(t, http.StatusNotFound, gone.StatusCode)
}
